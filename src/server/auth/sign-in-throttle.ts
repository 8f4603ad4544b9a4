import type { AttemptCounts, Reservation, WindowRule } from '../db/attempt-counts';
import { DomainError } from '../domain-error';

export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
const CHECKS: WindowRule = { limit: SIGN_IN_FAILURE_LIMIT, windowMs: SIGN_IN_FAILURE_WINDOW_MS };

/** The account an e-mail names, normalised as Better Auth looks it up (lowercase, nothing else). */
export const emailKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;
/** Two-factor codes and backup codes of one user share one count. */
export const twoFactorKey = (userId: string) => `2fa:${userId}`;

/** The refusal of a check the throttle did not reserve: of codes when the two-factor count ran out, else of passwords. */
export function tooManyChecksError(refused: Extract<Reservation, { allowed: false }>): DomainError {
  const codes = refused.key.startsWith('2fa:');
  return new DomainError(
    'rate_limited',
    codes ? 'TOO_MANY_CODE_ATTEMPTS' : 'TOO_MANY_ATTEMPTS',
    { key: codes ? 'apiErrors.tooManyCodeAttempts' : 'apiErrors.tooManySignInAttempts' },
    { retryAfterSeconds: refused.retryAfterSeconds },
  );
}

export interface SignInThrottle {
  /**
   * Reserves one check of a password or code under every key before it is made: at most SIGN_IN_FAILURE_LIMIT checks
   * per key in 15 minutes, however many requests arrive at once. When any key has used its checks, nothing is reserved.
   */
  reserve(keys: readonly string[]): Promise<Reservation>;
  /**
   * The check succeeded: the account's keys start again, and an address gets its reservation back (an address counts
   * only failures, so that people behind one address who know their passwords are not refused).
   */
  succeeded(keys: readonly string[]): Promise<void>;
}

export function createSignInThrottle(counts: AttemptCounts): SignInThrottle {
  return {
    reserve: (keys) => counts.reserve(keys.map((key) => ({ key, rule: CHECKS }))),
    async succeeded(keys) {
      for (const key of keys) {
        if (key.startsWith('ip:')) await counts.release(key);
        else await counts.clear(key);
      }
    },
  };
}
