import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
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
 * statement on the locked rows of all its keys, so requests that arrive at once cannot together exceed the limit.
 */
export function createAttemptCounts(db: Database, now: () => Date = () => new Date()) {
  /**
   * Counts one use under each key whose window has room, in one statement; answers the keys it counted. Each key's
   * own limit and window apply to its row (the CASE on the key); the rows go in key order, so two reservations that
   * share keys lock them in the same order and never deadlock.
   */
  async function reserveEach(entries: ReadonlyArray<{ key: string; rule: WindowRule }>, at: Date): Promise<Set<string>> {
    // A key given twice counts once (one row cannot be changed twice by one statement).
    const unique = [...new Map(entries.map((entry) => [entry.key, entry])).values()];
    const sorted = unique.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const byKey = (value: (rule: WindowRule) => SQL) =>
      sql`case ${attemptCounts.key} ${sql.join(
        sorted.map(({ key, rule }) => sql`when ${key} then ${value(rule)}`),
        sql` `,
      )} end`;
    const windowStart = byKey(({ windowMs }) => sql`${new Date(at.getTime() - windowMs).toISOString()}::timestamptz`);
    const expired = sql`${attemptCounts.windowStartedAt} <= ${windowStart}`;
    const atValue = sql`${at.toISOString()}::timestamptz`;
    const rows = await db
      .insert(attemptCounts)
      .values(sorted.map(({ key }) => ({ key, windowStartedAt: at, count: 1 })))
      .onConflictDoUpdate({
        target: attemptCounts.key,
        set: {
          count: sql`case when ${expired} then 1 else ${attemptCounts.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${atValue} else ${attemptCounts.windowStartedAt} end`,
        },
        setWhere: sql`${expired} or ${attemptCounts.count} < ${byKey(({ limit }) => sql`${limit}::integer`)}`,
      })
      .returning({ key: attemptCounts.key });
    return new Set(rows.map((row) => row.key));
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
      if (entries.length === 0) return { allowed: true };
      const at = now();
      const reserved = await reserveEach(entries, at);
      const refused = entries.find(({ key }) => !reserved.has(key));
      if (!refused) return { allowed: true };
      // All or none: the uses counted under the other keys are given back.
      for (const key of reserved) await release(key);
      return { allowed: false, key: refused.key, retryAfterSeconds: await secondsLeft(refused.key, refused.rule.windowMs, at) };
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
