import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInFailures } from '../db/schema';

export const SIGN_IN_FAILURE_LIMIT = 5;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface SignInThrottle {
  /** True when the e-mail or the address already has the limit of failures in the current window. */
  isBlocked(email: string | undefined, ip: string): Promise<boolean>;
  recordFailure(email: string | undefined, ip: string): Promise<void>;
  /** A successful sign-in clears the e-mail's failures (the address keeps its own). */
  recordSuccess(email: string): Promise<void>;
}

const keysFor = (email: string | undefined, ip: string) => [`ip:${ip}`, ...(email ? [`email:${email.trim().toLowerCase()}`] : [])];

/**
 * Counts failed password sign-ins per e-mail and per client address in the database (so every instance sees them),
 * in fixed windows of 15 minutes that start at the first failure.
 */
export function createSignInThrottle(db: Database, now: () => Date = () => new Date()): SignInThrottle {
  return {
    async isBlocked(email, ip) {
      const windowStart = new Date(now().getTime() - SIGN_IN_FAILURE_WINDOW_MS);
      const rows = await db
        .select({ key: signInFailures.key })
        .from(signInFailures)
        .where(
          and(
            inArray(signInFailures.key, keysFor(email, ip)),
            gte(signInFailures.windowStartedAt, windowStart),
            gte(signInFailures.count, SIGN_IN_FAILURE_LIMIT),
          ),
        );
      return rows.length > 0;
    },
    async recordFailure(email, ip) {
      const at = now();
      const atValue = sql`${at.toISOString()}::timestamptz`;
      const expired = sql`${signInFailures.windowStartedAt} < ${new Date(at.getTime() - SIGN_IN_FAILURE_WINDOW_MS).toISOString()}::timestamptz`;
      for (const key of keysFor(email, ip)) {
        await db
          .insert(signInFailures)
          .values({ key, windowStartedAt: at, count: 1 })
          .onConflictDoUpdate({
            target: signInFailures.key,
            set: {
              count: sql`case when ${expired} then 1 else ${signInFailures.count} + 1 end`,
              windowStartedAt: sql`case when ${expired} then ${atValue} else ${signInFailures.windowStartedAt} end`,
            },
          });
      }
    },
    async recordSuccess(email) {
      await db.delete(signInFailures).where(eq(signInFailures.key, `email:${email.trim().toLowerCase()}`));
    },
  };
}
