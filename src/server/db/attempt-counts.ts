import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from './client';
import { attemptCounts } from './schema';

/** At most `limit` uses per key in a fixed window of `windowMs` that starts at the first use. */
export interface WindowRule {
  limit: number;
  windowMs: number;
}

/** When refused: the key whose uses are spent, and the seconds until its window ends. */
export type Reservation = { allowed: true } | { allowed: false; key: string; retryAfterSeconds: number };

/**
 * Counters in the database (so every instance sees them), reserved before the use they count: the reservation is one
 * statement on a locked row, so requests that arrive at once cannot together exceed the limit.
 */
export function createAttemptCounts(db: Database, now: () => Date = () => new Date()) {
  async function reserveOne(key: string, { limit, windowMs }: WindowRule, at: Date): Promise<boolean> {
    const atValue = sql`${at.toISOString()}::timestamptz`;
    const expired = sql`${attemptCounts.windowStartedAt} <= ${new Date(at.getTime() - windowMs).toISOString()}::timestamptz`;
    const rows = await db
      .insert(attemptCounts)
      .values({ key, windowStartedAt: at, count: 1 })
      .onConflictDoUpdate({
        target: attemptCounts.key,
        set: {
          count: sql`case when ${expired} then 1 else ${attemptCounts.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${atValue} else ${attemptCounts.windowStartedAt} end`,
        },
        setWhere: sql`${expired} or ${attemptCounts.count} < ${limit}`,
      })
      .returning({ count: attemptCounts.count });
    return rows.length > 0;
  }

  async function release(key: string) {
    await db
      .update(attemptCounts)
      .set({ count: sql`${attemptCounts.count} - 1` })
      .where(and(eq(attemptCounts.key, key), gt(attemptCounts.count, 0)));
  }

  async function secondsLeft(key: string, windowMs: number, at: Date): Promise<number> {
    const [row] = await db.select({ startedAt: attemptCounts.windowStartedAt }).from(attemptCounts).where(eq(attemptCounts.key, key));
    const endsAt = (row?.startedAt.getTime() ?? at.getTime()) + windowMs;
    return Math.max(1, Math.ceil((endsAt - at.getTime()) / 1000));
  }

  return {
    /** Reserves one use under every key, or none when any key has spent its limit. */
    async reserve(entries: ReadonlyArray<{ key: string; rule: WindowRule }>): Promise<Reservation> {
      const at = now();
      const reserved: string[] = [];
      for (const { key, rule } of entries) {
        if (!(await reserveOne(key, rule, at))) {
          for (const done of reserved) await release(done);
          return { allowed: false, key, retryAfterSeconds: await secondsLeft(key, rule.windowMs, at) };
        }
        reserved.push(key);
      }
      return { allowed: true };
    },
    /** Gives one reserved use back. */
    release,
    /** Starts a key's count again. */
    async clear(key: string) {
      await db.delete(attemptCounts).where(eq(attemptCounts.key, key));
    },
  };
}

export type AttemptCounts = ReturnType<typeof createAttemptCounts>;
