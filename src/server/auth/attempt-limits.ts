import { getSessionFromCtx } from 'better-auth/api';
import { z } from 'zod';
import type { AttemptCounts } from '../db/attempt-counts';
import { enforceLimits, REQUEST_LIMITS, type RequestLimit } from '../request-limits';
import { challengedUserId, signInEmail, type AuthHookContext } from './hook-context';
import { CLIENT_ADDRESS_HEADER } from './request-headers';
import { CODE_CONFIRMATIONS, TWO_FACTOR_VERIFICATIONS } from './second-factor';
import { addressKey, emailKey, tooManyChecksError, twoFactorKey, type SignInThrottle } from './sign-in-throttle';

const PASSWORD_SIGN_IN = '/sign-in/email';
/** Signed-in calls that check the account's password. */
const PASSWORD_CONFIRMATIONS = new Set(['/verify-password', '/change-password', '/delete-user', '/two-factor/enable']);

/** The counts a request's check of a password or code goes under; undefined when it checks none (or none can be). */
async function attemptKeys(ctx: AuthHookContext): Promise<string[] | undefined> {
  if (ctx.path === PASSWORD_SIGN_IN) {
    // The body Better Auth parsed (JSON, with or without a byte-order mark, or form-encoded) is the one it checks.
    const email = signInEmail(ctx);
    if (!email) return undefined;
    const ip = ctx.request?.headers.get(CLIENT_ADDRESS_HEADER);
    return [emailKey(email), ...(ip ? [addressKey(ip)] : [])];
  }
  if (TWO_FACTOR_VERIFICATIONS.has(ctx.path)) {
    const session = await getSessionFromCtx(ctx);
    const userId = session?.user.id ?? (await challengedUserId(ctx));
    return userId ? [twoFactorKey(userId)] : undefined;
  }
  // The calls that need a current code check the password too.
  if (PASSWORD_CONFIRMATIONS.has(ctx.path) || CODE_CONFIRMATIONS.has(ctx.path)) {
    const session = await getSessionFromCtx(ctx);
    if (!session) return undefined;
    const keys = [emailKey(session.user.email)];
    return CODE_CONFIRMATIONS.has(ctx.path) ? [twoFactorKey(session.user.id), ...keys] : keys;
  }
  return undefined;
}

/**
 * Bounds guessing: at most 5 checks of a password per account and per address, and 5 two-factor or backup codes per
 * account, in 15 minutes. Each check is reserved before it is made (`before`), so requests sent at once cannot all be
 * checked; a check that succeeds gives the account its count back (`after`). A refusal is a DomainError, which Better
 * Auth lets through (it only answers its own APIError) to the app's error handler.
 */
export function createAttemptLimits(throttle: SignInThrottle) {
  const reservedKeys = new WeakMap<Request, string[]>();
  return {
    async before(ctx: AuthHookContext) {
      const keys = await attemptKeys(ctx);
      if (!keys) return;
      const reservation = await throttle.reserve(keys);
      if (!reservation.allowed) throw tooManyChecksError(reservation);
      if (ctx.request) reservedKeys.set(ctx.request, keys);
    },
    async after(ctx: AuthHookContext) {
      const keys = ctx.request ? reservedKeys.get(ctx.request) : undefined;
      if (!keys) return;
      reservedKeys.delete(ctx.request!);
      if (!(ctx.context.returned instanceof Error)) await throttle.succeeded(keys);
    },
  };
}

/**
 * The limits on Better Auth's abusable flows (request-limits.ts): accounts made per address, and reset and
 * verification e-mails per recipient as well as per address, so that one victim cannot be flooded from many addresses. Refused with 429,
 * Retry-After and the message's translation key.
 */
export async function limitAuthFlows(ctx: AuthHookContext, counts: AttemptCounts): Promise<void> {
  const ip = ctx.request?.headers.get(CLIENT_ADDRESS_HEADER);
  const uses: Array<[RequestLimit, string]> = [];
  if (ctx.path === '/sign-up/email' && ip) uses.push([REQUEST_LIMITS.signUpsPerAddress, ip]);
  if (ctx.path === '/request-password-reset' || ctx.path === '/send-verification-email') {
    const email = (ctx.body as Record<string, unknown> | undefined)?.email;
    if (typeof email === 'string' && z.email().safeParse(email).success) uses.push([REQUEST_LIMITS.accountMailsPerRecipient, email.toLowerCase()]);
    if (ip) uses.push([REQUEST_LIMITS.accountMailsPerAddress, ip]);
  }
  if (uses.length > 0) await enforceLimits(counts, uses);
}
