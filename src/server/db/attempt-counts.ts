import { and, eq, gt, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './client';
import { attemptCounts } from './schema';

/** At most `limit` uses per key in a fixed window of `windowMs` that starts at the first use. */
export interface WindowRule {
  limit: number;
  windowMs: number;
}

/** A key counted under its own rule. */
export interface LimitedKey {
  key: string;
  rule: WindowRule;
}

/** When refused: the key whose uses are spent, and the seconds until its window ends. */
export type Reservation = { allowed: true } | { allowed: false; key: string; retryAfterSeconds: number };

/**
 * Counters in the database (so every instance sees them), reserved before the use they count: the reservation is one
 * statement on the locked rows of all its keys, so requests that arrive at once cannot together exceed the limit.
 */
export function createAttemptCounts(db: Database, now: () => Date = () => new Date()) {
  /**
   * The statement that counts one use under each key whose window has room; it returns the keys it counted. Each key's
   * own limit and window apply to its row (the CASE on the key); the rows go in key order, so two reservations that
   * share keys lock them in the same order and never deadlock. It may run alone or inside a larger statement; with
   * `unless`, a condition of that statement's, it counts nothing where the condition holds.
   */
  function countingStatement(entries: ReadonlyArray<LimitedKey>, at: Date, unless?: SQL) {
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
    // The rows in the same order either way: `values (…)`, or the same rows selected where `unless` does not hold.
    const rows = unless
      ? db.insert(attemptCounts).select(
          sql`select v.key, ${atValue}, 1 from (values ${sql.join(
            sorted.map(({ key }, index) => sql`(${index}::integer, ${key}::text)`),
            sql`, `,
          )}) v(position, key) where not (${unless}) order by v.position`,
        )
      : db.insert(attemptCounts).values(sorted.map(({ key }) => ({ key, windowStartedAt: at, count: 1 })));
    return rows
      .onConflictDoUpdate({
        target: attemptCounts.key,
        set: {
          count: sql`case when ${expired} then 1 else ${attemptCounts.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${atValue} else ${attemptCounts.windowStartedAt} end`,
        },
        setWhere: sql`${expired} or ${attemptCounts.count} < ${byKey(({ limit }) => sql`${limit}::integer`)}`,
      })
      .returning({ key: attemptCounts.key });
  }

  /** All or none: when a key was not counted, the uses counted under the others are given back. */
  async function settle(entries: ReadonlyArray<LimitedKey>, counted: ReadonlySet<string>, at: Date): Promise<Reservation> {
    const refused = entries.find(({ key }) => !counted.has(key));
    if (!refused) return { allowed: true };
    for (const key of counted) await release(key);
    return { allowed: false, key: refused.key, retryAfterSeconds: await secondsLeft(refused.key, refused.rule.windowMs, at) };
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
    async reserve(entries: ReadonlyArray<LimitedKey>): Promise<Reservation> {
      if (entries.length === 0) return { allowed: true };
      const at = now();
      const rows = await countingStatement(entries, at);
      return settle(entries, new Set(rows.map((row) => row.key)), at);
    },
    /**
     * The same reservation, for a caller that runs its counting statement inside a statement of its own (one round trip
     * for both): `statement` returns the keys counted, which `settle` turns into the answer `reserve` would give.
     */
    reservation(entries: ReadonlyArray<LimitedKey>): CountingReservation {
      const at = now();
      return { statement: (unless) => countingStatement(entries, at, unless), settle: (counted) => settle(entries, counted, at) };
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

/** A reservation whose counting statement the caller runs (see `AttemptCounts.reservation`). */
export interface CountingReservation {
  /**
   * Counts the uses; returns `{ key }` for each key counted. Usable as a CTE of a larger statement, which may give a
   * condition of its own (`unless`) under which nothing is counted.
   */
  statement(unless?: SQL): SQLWrapper;
  settle(counted: ReadonlySet<string>): Promise<Reservation>;
}
