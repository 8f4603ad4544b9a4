import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { englishText } from '../../shared/api/message-texts';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import { and, eq, ne } from 'drizzle-orm';
import type { ApiMessageKey } from '../../shared/api/messages';
import { SUPPORTED_LANGUAGES, THEMES } from '../../shared/constants';
import {
  disguiseIn,
  EMAIL_MAX_LENGTH,
  isSafeImageUrl,
  isSafeName,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../shared/text-rules';
import { USERNAME_MESSAGES, usernameSchema } from '../../shared/api/account';
import { DISGUISE_MESSAGE_KEYS } from '../../shared/api/free-text';
import type { Config } from '../config';
import { NO_SESSION_COPIES, type AuthStorage, type SessionCopies } from '../shared-state/auth-storage';
import { createAttemptCounts, type AttemptCounts } from '../db/attempt-counts';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { DomainError } from '../domain-error';
import { verifyEmailMessage } from '../mail/account-emails';
import type { Mailer } from '../mail/mailer';
import { grantAdmin } from './admins';
import { ACCOUNT_BLOCKED, isAccountBlocked } from './blocked-accounts';
import { createAccountNotices } from './account-notices';
import { createAttemptLimits, limitAuthFlows } from './attempt-limits';
import { resetTokenUserId, type AuthHookContext } from './hook-context';
import { passwordHasher, scryptCostFor } from './password-hashing';
import { passwordProblem } from './passwords';
import { forgetOlderResetLinks, VERIFICATION_IDENTIFIER_STORAGE } from './verification-storage';
import { resolveAuthSecret } from './secret';
import { createSecondFactor } from './second-factor';
import { createSignInThrottle } from './sign-in-throttle';
import type { LocalOidc } from './local-oidc';
import { localGoogle, socialProviders } from './social-providers';
import { visitorPreferences } from './visitor-preferences';
import { CLIENT_ADDRESS_HEADER } from './request-headers';
import { recordReferralAtSignUp } from '../referrals/codes';

/** Better Auth's cookies are named `<prefix>.<name>` (`__Secure-` first over https): the session's is `<prefix>.session_token`. */
export const AUTH_COOKIE_PREFIX = 'globaltopup';
export const AUTH_BASE_PATH = '/api/auth';

/**
 * Session lifetime: a week, extended (at most once a day) while the user keeps coming back, but never beyond 30 days
 * after sign-in: then the password (and code) are asked again.
 */
const SESSION_EXPIRES_IN_S = 7 * 24 * 60 * 60;
const SESSION_UPDATE_AGE_S = 24 * 60 * 60;
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A reset link works for one hour; a link confirming an e-mail address for a day. */
const RESET_TOKEN_EXPIRES_IN_S = 60 * 60;
const VERIFY_EMAIL_EXPIRES_IN_S = 24 * 60 * 60;

export interface AuthDependencies {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** Where Better Auth's own warnings and errors go (the app's logger). */
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  /** The local OpenID Connect provider standing in for Google (config.localOidc), when it runs. */
  localOidc?: LocalOidc;
  /** The database counters of the sign-in throttle and the flow limits (the app shares them with its own routes). */
  attemptCounts?: AttemptCounts;
  /**
   * Better Auth's secondary storage in the shared Redis (REDIS_URL): session copies read before the database, and its
   * rate limiter's counters. Sessions are written to the database too, which stays the truth.
   */
  authStorage?: AuthStorage;
  /** The session copies to forget after a change made here behind Better Auth's back. */
  sessions?: SessionCopies;
}

/** Better Auth's verify-email link, landing on the profile once the address is confirmed. */
function verificationLink(url: string, publicUrl: string): string {
  const link = new URL(url);
  link.searchParams.set('callbackURL', `${publicUrl}/profile`);
  return link.toString();
}

/** Where the reset e-mail sends the user: the client's /auth page reads `reset` and posts the new password. */
export function resetPasswordPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/auth?reset=${encodeURIComponent(token)}`;
}

/** The origin a proxied request was addressed to, from the Host and X-Forwarded-Proto that http/auth.ts sets. */
function requestOrigin(request: Request): string | undefined {
  const host = request.headers.get('host');
  return host ? `${request.headers.get('x-forwarded-proto') ?? 'http'}://${host}` : undefined;
}

function badRequest(message: string, code: string, field?: string): APIError {
  return new APIError('BAD_REQUEST', { message, code, ...(field ? { field } : {}) });
}

/**
 * A refusal a customer can meet, which the browser translates by its key. Better Auth lets a DomainError through to
 * the app's error handler (it answers only its own APIError), which answers it as every other route does.
 */
function keyedBadRequest(key: ApiMessageKey, code: string, field: string): DomainError {
  return new DomainError('invalid', code, { key }, { field });
}

/**
 * The stored text fields Better Auth takes at sign-up and update-user: bounded, no control characters, nothing that
 * disguises the text (the free-text rule of shared/api/free-text.ts), https images.
 */
function checkStoredText(body: Record<string, unknown>) {
  // An empty name at sign-up is replaced by the username or the e-mail's local part (see the sign-up hook below).
  if (body.name !== undefined) {
    const name = typeof body.name === 'string' ? body.name.trim() : undefined;
    if (name === undefined || name.length > NAME_MAX_LENGTH) throw keyedBadRequest('validation.nameTooLong', 'VALIDATION_FAILED', 'name');
    if (!isSafeName(name)) throw keyedBadRequest('validation.nameCharacters', 'VALIDATION_FAILED', 'name');
    const disguise = disguiseIn(name, 'name');
    if (disguise) throw keyedBadRequest(DISGUISE_MESSAGE_KEYS[disguise], 'VALIDATION_FAILED', 'name');
  }
  if (
    body.email !== undefined &&
    (typeof body.email !== 'string' || body.email.length > EMAIL_MAX_LENGTH || !isSafeName(body.email) || disguiseIn(body.email, 'text'))
  ) {
    throw keyedBadRequest('validation.emailInvalid', 'VALIDATION_FAILED', 'email');
  }
  if (body.image !== undefined && body.image !== null && (typeof body.image !== 'string' || !isSafeImageUrl(body.image))) {
    throw badRequest('image must be an https:// address', 'VALIDATION_FAILED', 'image');
  }
}

/** Checks the product's own user fields on sign-up and update-user, the same way the /api/user calls do. */
async function checkUserFields(db: Database, body: Record<string, unknown>, currentUserId?: string) {
  checkStoredText(body);
  if (body.username !== undefined && body.username !== null && body.username !== '') {
    const parsed = usernameSchema.safeParse(body.username);
    if (!parsed.success) throw badRequest(USERNAME_MESSAGES.invalid, 'USERNAME_INVALID', 'username');
    const [taken] = await db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(and(eq(schema.user.username, parsed.data), currentUserId ? ne(schema.user.id, currentUserId) : undefined))
      .limit(1);
    if (taken) throw new APIError('CONFLICT', { message: USERNAME_MESSAGES.taken, code: 'USERNAME_TAKEN' });
  }
  if (body.language !== undefined && !(SUPPORTED_LANGUAGES as readonly unknown[]).includes(body.language)) {
    throw badRequest(`language must be one of ${SUPPORTED_LANGUAGES.join(', ')}`, 'VALIDATION_FAILED', 'language');
  }
  if (body.theme !== undefined && !(THEMES as readonly unknown[]).includes(body.theme)) {
    throw badRequest(`theme must be one of ${THEMES.join(', ')}`, 'VALIDATION_FAILED', 'theme');
  }
  if (body.marketingPreference !== undefined && typeof body.marketingPreference !== 'boolean') {
    throw badRequest('marketingPreference must be true or false', 'VALIDATION_FAILED', 'marketingPreference');
  }
  if (body.receiptEmails !== undefined && typeof body.receiptEmails !== 'boolean') {
    throw badRequest('receiptEmails must be true or false', 'VALIDATION_FAILED', 'receiptEmails');
  }
}

function checkNewPassword(password: unknown, email: string | undefined) {
  if (typeof password !== 'string') return; // Better Auth answers the missing field itself.
  const problem = passwordProblem(password, email);
  if (problem) throw badRequest(problem.message, problem.code, 'password');
}

/** The e-mail of the account a reset token belongs to, for the password rules. */
async function resetTokenEmail(db: Database, ctx: AuthHookContext): Promise<string | undefined> {
  const userId = await resetTokenUserId(ctx);
  if (!userId) return undefined;
  const [row] = await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, userId));
  return row?.email;
}

/** Better Auth on the product's database: e-mail and password, Google, two-factor (TOTP), password reset by e-mail. */
export function createAuth({
  config,
  db,
  mailer,
  log,
  localOidc,
  attemptCounts = createAttemptCounts(db),
  authStorage,
  sessions = authStorage ?? NO_SESSION_COPIES,
}: AuthDependencies) {
  const production = config.nodeEnv === 'production';
  const adminEmails = new Set(config.adminEmails);
  const attemptLimits = createAttemptLimits(createSignInThrottle(attemptCounts));
  const secondFactor = createSecondFactor(db, sessions);
  const notices = createAccountNotices({ db, mailer, publicUrl: config.publicUrl, log });

  return betterAuth({
    appName: 'GlobalTopUp',
    logger: log ? { level: 'warn', log: (level, message) => log(level, message) } : { disabled: config.logLevel === 'silent' },
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: resolveAuthSecret(config),
    // PUBLIC_URL, and the origin the request itself was addressed to (a browser cannot forge Host): the same rule as
    // the cross-site check of every /api call (http/cross-site.ts).
    trustedOrigins: (request) => [config.publicUrl, request ? requestOrigin(request) : undefined],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, twoFactor: schema.twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: passwordHasher(scryptCostFor(config.nodeEnv)),
      // Signing in and paying do not wait for the address to be confirmed (docs/decisions/008-…); admin rights do.
      requireEmailVerification: false,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN_S,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await forgetOlderResetLinks(db, user.id, token);
        const link = resetPasswordPageUrl(config.publicUrl, token);
        await mailer.send({
          to: user.email,
          subject: 'Reset your GlobalTopUp password',
          text: `Someone asked to reset the password of your GlobalTopUp account.\n\nChoose a new password here (the link works for one hour):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
          html: `<p>Someone asked to reset the password of your GlobalTopUp account.</p><p><a href="${link}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
        });
      },
    },
    // Verification values (reset links, two-factor challenges) stay in the database even with a secondary storage: the
    // product reads and deletes them there (verification-storage.ts, second-factor.ts).
    verification: { storeIdentifier: VERIFICATION_IDENTIFIER_STORAGE, storeInDatabase: true },
    ...(authStorage ? { secondaryStorage: authStorage.storage } : {}),
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_S,
      async sendVerificationEmail({ user, url }) {
        const language = (user as { language?: string }).language ?? 'en';
        await mailer.send(verifyEmailMessage({ to: user.email, language, link: verificationLink(url, config.publicUrl) }));
      },
      // An address listed in ADMIN_EMAILS becomes an admin once its owner has proved it is theirs.
      async afterEmailVerification(user) {
        if (adminEmails.has(user.email.toLowerCase()) && (await grantAdmin(db, user.email)) === 'granted') await sessions.forgetUser(user.id);
      },
    },
    socialProviders: socialProviders(config),
    account: {
      accountLinking: { enabled: true, trustedProviders: ['google'] },
    },
    user: {
      additionalFields: {
        username: { type: 'string', required: false, unique: true },
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        marketingPreference: { type: 'boolean', required: false, defaultValue: false },
        language: { type: 'string', required: false, defaultValue: 'en' },
        theme: { type: 'string', required: false, defaultValue: 'system' },
        blockedAt: { type: 'date', required: false, input: false },
        blockedReason: { type: 'string', required: false, input: false },
        receiptEmails: { type: 'boolean', required: false, defaultValue: true },
        deletedAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_S,
      updateAge: SESSION_UPDATE_AGE_S,
      // Every request reads the session (from the shared Redis when there is one, else the database), so sign-out and
      // revocation take effect at once on every instance.
      cookieCache: { enabled: false },
      // With a secondary storage, the database keeps every session too: it answers whenever Redis cannot.
      storeSessionInDatabase: true,
      additionalFields: {
        twoFactorVerifiedAt: { type: 'date', required: false, input: false },
      },
    },
    // Faults inside Better Auth (a lost database, above all) reach the app's error handler, which answers them as
    // every other route does (503 with Retry-After when the database cannot be reached) instead of a bare 500.
    onAPIError: { throw: true },
    advanced: {
      // A session and its user in one query (db/schema/accounts.ts has the relations), not two: every signed-in request reads both.
      database: { joins: true },
      cookiePrefix: AUTH_COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: production },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    // Password and code checks, sign-ups and reset e-mails are bounded by the hooks below (auth/attempt-limits.ts), in
    // the database; this limiter only caps request bursts per address, in production.
    rateLimit: {
      enabled: production,
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: 30 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    plugins: [twoFactor({ issuer: 'GlobalTopUp' }), genericOAuth({ config: localGoogle(localOidc) })],
    databaseHooks: {
      session: {
        create: {
          // A blocked account opens no session, whichever way it signs in: password, Google, the two-factor step.
          async before(newSession) {
            if (await isAccountBlocked(db, newSession.userId)) {
              throw new APIError('FORBIDDEN', { message: englishText('apiErrors.accountBlocked'), code: ACCOUNT_BLOCKED });
            }
          },
        },
        update: {
          // The refresh of a session read in this request stops at its absolute lifetime.
          async before(data, ctx) {
            const current = ctx?.context.session?.session;
            if (!current || !(data.expiresAt instanceof Date)) return;
            const limit = new Date(new Date(current.createdAt).getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
            return data.expiresAt > limit ? { data: { ...data, expiresAt: limit } } : undefined;
          },
        },
      },
      account: {
        create: {
          async after(created) {
            await notices.methodAdded({ userId: created.userId, providerId: created.providerId });
          },
        },
      },
      user: {
        create: {
          // Only an address already proved (Google's, for instance) is made an admin at sign-up. The account starts in the
          // language and theme the visitor was reading in (docs/product.md §4).
          async before(newUser, ctx) {
            const preferences = visitorPreferences(ctx?.body, ctx?.headers?.get('cookie') ?? ctx?.request?.headers.get('cookie'));
            return {
              data: { ...newUser, ...preferences, isAdmin: newUser.emailVerified === true && adminEmails.has(newUser.email.toLowerCase()) },
            };
          },
          // A visitor who came through a friend's link (/?ref=<code>, ADR 070) joins as that friend's referral.
          async after(created, ctx) {
            const headers = ctx?.headers ?? ctx?.request?.headers;
            await recordReferralAtSignUp(db, {
              friendId: created.id,
              cookieHeader: headers?.get('cookie'),
              address: headers?.get(CLIENT_ADDRESS_HEADER),
              now: new Date(),
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await attemptLimits.before(ctx);
        await limitAuthFlows(ctx, attemptCounts);
        await notices.before(ctx);
        const secondFactorChange = await secondFactor.before(ctx);
        if (secondFactorChange) return secondFactorChange;
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === '/sign-up/email') {
          checkNewPassword(body.password, typeof body.email === 'string' ? body.email : undefined);
          await checkUserFields(db, body);
          const username = typeof body.username === 'string' && body.username.trim() ? body.username.trim() : undefined;
          const name = typeof body.name === 'string' && body.name.trim() ? body.name : (username ?? String(body.email ?? '').split('@')[0] ?? '');
          const { username: _raw, ...rest } = body;
          return { context: { body: { ...rest, name, ...(username ? { username } : {}) } } };
        }
        if (ctx.path === '/reset-password') {
          checkNewPassword(body.newPassword, await resetTokenEmail(db, ctx));
        }
        if (ctx.path === '/change-password') {
          const session = await getSessionFromCtx(ctx);
          checkNewPassword(body.newPassword, session?.user.email);
          // Whoever else holds a session of this account (a stolen cookie, a shared computer) is signed out.
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        }
        if (ctx.path === '/update-user') {
          const session = await getSessionFromCtx(ctx);
          await checkUserFields(db, body, session?.user.id);
        }
        return undefined;
      }),
      after: createAuthMiddleware(async (ctx) => {
        await attemptLimits.after(ctx);
        await secondFactor.after(ctx);
        await notices.after(ctx);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
