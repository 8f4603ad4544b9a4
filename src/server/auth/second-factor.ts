import { englishText } from '../../shared/api/message-texts';
import { MESSAGE_BY_PASSED_ON_CODE } from '../../shared/api/messages';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, like } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import type { SessionCopies } from '../shared-state/auth-storage';
import { TRUST_DEVICE_PREFIX } from './verification-storage';
import { challengedUserId, signInEmail, TWO_FACTOR_COOKIE, type AuthHookContext } from './hook-context';

/** Codes typed at sign-in, or while signed in (confirming a new authenticator). */
export const TWO_FACTOR_VERIFICATIONS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp']);
/**
 * Signed-in calls that read or replace the second factor: besides the password, each needs a current code from the
 * authenticator app, so an open session and a learnt password are not enough to copy the secret, mint backup codes or
 * turn two-factor off.
 */
export const CODE_CONFIRMATIONS = new Set(['/two-factor/disable', '/two-factor/get-totp-uri', '/two-factor/generate-backup-codes']);
/** Where a Google sign-in ends: Better Auth's own Google provider, and the generic OAuth plugin (the local stand-in). */
const SOCIAL_CALLBACKS = new Set(['/callback/:id', '/oauth2/callback/:providerId']);
/** The two-factor plugin's challenge lifetime (its default), for the challenge a Google sign-in gets. */
const CHALLENGE_MAX_AGE_S = 600;
/** Added to the callbackURL of a Google sign-in that still needs a code; the /auth page then asks for it. */
export const TWO_FACTOR_REQUIRED_PARAM = 'two-factor';

/** The refusal of a wrong code, in the words the browser shows for its code (INVALID_CODE). */
export const INVALID_CODE_MESSAGE = englishText(MESSAGE_BY_PASSED_ON_CODE.INVALID_CODE!.key);

/**
 * Checks a current authenticator code the way the plugin's verify-totp does: 6 digits, 30-second steps, one step
 * either side. The secret is read as Better Auth stores it (encrypted with the auth secret).
 */
async function checkCurrentTotp(db: Database, ctx: AuthHookContext, userId: string, typed: unknown): Promise<void> {
  const code = typeof typed === 'string' ? typed.replace(/\s/g, '') : '';
  const refuse = () => {
    throw new APIError('BAD_REQUEST', { message: INVALID_CODE_MESSAGE, code: 'INVALID_CODE' });
  };
  if (!/^\d{6}$/.test(code)) refuse();
  const [row] = await db.select({ secret: schema.twoFactor.secret }).from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
  // Not turned on: Better Auth answers that itself.
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  const raw = secret.startsWith('base32:') ? Secret.fromBase32(secret.slice(7)) : Secret.fromUTF8(secret);
  if (new TOTP({ secret: raw, digits: 6, period: 30 }).validate({ token: code, window: 1 }) === null) refuse();
}

async function isAdmin(db: Database, where: { id: string } | { email: string }): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(and('id' in where ? eq(schema.user.id, where.id) : eq(schema.user.email, where.email.toLowerCase()), eq(schema.user.isAdmin, true)));
  return row;
}

/**
 * Instead of the session a Google sign-in just opened for a user with two-factor on: the same pending challenge the
 * plugin gives a password sign-in (a verification row for the user, its attempt counter, the signed `two_factor`
 * cookie), and the browser is sent to the callbackURL with `two-factor=required`, where it asks for the code.
 */
async function challengeInsteadOfSession(ctx: AuthHookContext, newSession: NonNullable<AuthHookContext['context']['newSession']>) {
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(newSession.session.token);
  ctx.context.setNewSession(null);
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + CHALLENGE_MAX_AGE_S * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: newSession.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_MAX_AGE_S });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

  // The callback ended in a redirect (an error-shaped answer carrying the Location header).
  const headers = (ctx.context.returned as { headers?: HeadersInit } | undefined)?.headers;
  const location = headers ? new Headers(headers).get('location') : null;
  const target = new URL(location ?? '/auth', ctx.context.baseURL);
  target.searchParams.set(TWO_FACTOR_REQUIRED_PARAM, 'required');
  throw ctx.redirect(target.toString());
}

/**
 * Two factors everywhere: a current code for the calls that read or replace the second factor; a Google sign-in of a
 * two-factor user ends in the code step like a password sign-in; each session records whether its browser gave a
 * code (requireAdmin asks for that); and admins never skip the code on a "trusted" device.
 */
export function createSecondFactor(db: Database, sessions: SessionCopies) {
  return {
    async before(ctx: AuthHookContext) {
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      if (CODE_CONFIRMATIONS.has(ctx.path)) {
        const session = await getSessionFromCtx(ctx);
        if (session) await checkCurrentTotp(db, ctx, session.user.id, body.code);
      }
      const email = ctx.path === '/sign-in/email' ? signInEmail(ctx) : undefined;
      if (email) {
        // A device an admin once trusted is forgotten, so the plugin asks for the code.
        const admin = await isAdmin(db, { email });
        if (admin) {
          await db
            .delete(schema.verification)
            .where(and(eq(schema.verification.value, admin.id), like(schema.verification.identifier, `${TRUST_DEVICE_PREFIX}%`)));
        }
      }
      if (TWO_FACTOR_VERIFICATIONS.has(ctx.path) && body.trustDevice) {
        const session = await getSessionFromCtx(ctx);
        const userId = session?.user.id ?? (await challengedUserId(ctx));
        if (userId && (await isAdmin(db, { id: userId }))) return { context: { body: { ...body, trustDevice: false } } };
      }
      return undefined;
    },
    async after(ctx: AuthHookContext) {
      const returned = ctx.context.returned;
      if (TWO_FACTOR_VERIFICATIONS.has(ctx.path) && !(returned instanceof Error)) {
        const token = ctx.context.newSession?.session.token ?? (returned as { token?: string } | undefined)?.token;
        if (token) {
          await db.update(schema.session).set({ twoFactorVerifiedAt: new Date() }).where(eq(schema.session.token, token));
          await sessions.forgetSession(token);
        }
        return;
      }
      const newSession = ctx.context.newSession;
      if (SOCIAL_CALLBACKS.has(ctx.path) && newSession?.user.twoFactorEnabled) await challengeInsteadOfSession(ctx, newSession);
    },
  };
}
