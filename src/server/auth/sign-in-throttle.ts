import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInFailures } from '../db/schema';

export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The account an e-mail names, normalised as Better Auth looks it up (lowercase, nothing else). */
export const emailKey = (email: string) => `email:${email.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;
/** Two-factor codes and backup codes of one user share one count. */
export const twoFactorKey = (userId: string) => `2fa:${userId}`;

/** When refused: the key whose checks are used up, and the seconds until its window ends. */
export type Reservation = { allowed: true } | { allowed: false; key: string; retryAfterSeconds: number };

export interface SignInThrottle {
  /**
   * Reserves one check of a password or code under every key before it is made, atomically: at most
   * SIGN_IN_FAILURE_LIMIT checks per key in a window, however many requests arrive at once. When any key has used its
   * checks, nothing is reserved and the answer says when the window ends.
   */
  reserve(keys: readonly string[]): Promise<Reservation>;
  /**
   * The check succeeded: the account's keys start again, and an address gets its reservation back (an address counts
   * only failures, so that people behind one address who know their passwords are not refused).
   */
  succeeded(keys: readonly string[]): Promise<void>;
}

/** Counts in the database (so every instance sees them), in fixed windows of 15 minutes that start at the first check. */
export function createSignInThrottle(db: Database, now: () => Date = () => new Date()): SignInThrottle {
  async function reserveOne(key: string, at: Date): Promise<boolean> {
    const atValue = sql`${at.toISOString()}::timestamptz`;
    const expired = sql`${signInFailures.windowStartedAt} <= ${new Date(at.getTime() - SIGN_IN_FAILURE_WINDOW_MS).toISOString()}::timestamptz`;
    const rows = await db
      .insert(signInFailures)
      .values({ key, windowStartedAt: at, count: 1 })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          count: sql`case when ${expired} then 1 else ${signInFailures.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${atValue} else ${signInFailures.windowStartedAt} end`,
        },
        // The row is locked while this runs, so concurrent reservations see each other's counts.
        setWhere: sql`${expired} or ${signInFailures.count} < ${SIGN_IN_FAILURE_LIMIT}`,
      })
      .returning({ count: signInFailures.count });
    return rows.length > 0;
  }

  async function release(key: string) {
    await db
      .update(signInFailures)
      .set({ count: sql`${signInFailures.count} - 1` })
      .where(and(eq(signInFailures.key, key), gt(signInFailures.count, 0)));
  }

  async function secondsLeft(key: string, at: Date): Promise<number> {
    const [row] = await db.select({ startedAt: signInFailures.windowStartedAt }).from(signInFailures).where(eq(signInFailures.key, key));
    const endsAt = (row?.startedAt.getTime() ?? at.getTime()) + SIGN_IN_FAILURE_WINDOW_MS;
    return Math.max(1, Math.ceil((endsAt - at.getTime()) / 1000));
  }

  return {
    async reserve(keys) {
      const at = now();
      const reserved: string[] = [];
      for (const key of keys) {
        if (!(await reserveOne(key, at))) {
          for (const done of reserved) await release(done);
          return { allowed: false, key, retryAfterSeconds: await secondsLeft(key, at) };
        }
        reserved.push(key);
      }
      return { allowed: true };
    },
    async succeeded(keys) {
      for (const key of keys) {
        if (key.startsWith('ip:')) await release(key);
        else await db.delete(signInFailures).where(eq(signInFailures.key, key));
      }
    },
  };
}
