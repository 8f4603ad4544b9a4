import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createServiceLimits, defaultServiceLimits, SERVICE_LIMITS_CACHE_MS, type StoredServiceLimits } from './service-limits';

const DEFAULTS = defaultServiceLimits(20_000);

function savedRow(dailySpendLimitCents: number): StoredServiceLimits {
  return {
    id: 1,
    dailySpendLimitCents,
    recipientCooldownMinutes: 10,
    checkoutAttemptsPerMinute: 5,
    version: 1,
    updatedAt: new Date(),
    updatedById: 'admin',
    updatedByEmail: 'boss@example.com',
  };
}

/**
 * A database whose `service_limits` table is `row`, counting the reads; with `hold`, each read waits until the test
 * lets it answer (with the row as it was when the read began, as a query's snapshot would).
 */
function fakeDatabase({ hold = false } = {}) {
  const state = { row: undefined as StoredServiceLimits | undefined, reads: 0, pending: [] as Array<() => void> };
  const db = {
    select: () => ({
      from: () => {
        state.reads += 1;
        const snapshot = state.row ? [state.row] : [];
        if (!hold) return Promise.resolve(snapshot);
        return new Promise((resolve) => state.pending.push(() => resolve(snapshot)));
      },
    }),
  } as unknown as Database;
  return { db, state, answer: () => state.pending.splice(0).forEach((resolve) => resolve()) };
}

describe('the limits an instance applies', () => {
  it('are the defaults while no admin has saved any', async () => {
    const { db } = fakeDatabase();
    expect(await createServiceLimits(db, { defaults: DEFAULTS }).current()).toEqual({
      dailySpendLimitCents: 20_000,
      recipientCooldownMinutes: 2,
      checkoutAttemptsPerMinute: 5,
    });
  });

  it('are read once per caching window, then read again', async () => {
    const { db, state } = fakeDatabase();
    let now = new Date('2026-11-22T10:00:00Z');
    const limits = createServiceLimits(db, { defaults: DEFAULTS, now: () => now });
    expect((await limits.current()).dailySpendLimitCents).toBe(20_000);
    state.row = savedRow(5_000);
    now = new Date(now.getTime() + SERVICE_LIMITS_CACHE_MS - 1);
    expect((await limits.current()).dailySpendLimitCents).toBe(20_000);
    expect(state.reads).toBe(1);
    now = new Date(now.getTime() + 1);
    expect(await limits.current()).toEqual({ dailySpendLimitCents: 5_000, recipientCooldownMinutes: 10, checkoutAttemptsPerMinute: 5 });
    expect(state.reads).toBe(2);
  });

  it('are read again at once after invalidate(), the hook for a change saved here or announced by another instance', async () => {
    const { db, state } = fakeDatabase();
    const limits = createServiceLimits(db, { defaults: DEFAULTS, now: () => new Date('2026-11-22T10:00:00Z') });
    await limits.current();
    state.row = savedRow(5_000);
    limits.invalidate();
    expect((await limits.current()).dailySpendLimitCents).toBe(5_000);
  });

  it('are read once for many callers at the same moment', async () => {
    const { db, state, answer } = fakeDatabase({ hold: true });
    const limits = createServiceLimits(db, { defaults: DEFAULTS });
    const reads = Array.from({ length: 20 }, () => limits.current());
    answer();
    expect(new Set((await Promise.all(reads)).map((read) => read.dailySpendLimitCents))).toEqual(new Set([20_000]));
    expect(state.reads).toBe(1);
  });

  it('do not keep a read that began before an invalidate(): it may hold the values from before the change', async () => {
    const { db, state, answer } = fakeDatabase({ hold: true });
    const limits = createServiceLimits(db, { defaults: DEFAULTS, now: () => new Date('2026-11-22T10:00:00Z') });
    const before = limits.current();
    state.row = savedRow(5_000);
    limits.invalidate();
    const after = limits.current();
    answer();
    expect((await before).dailySpendLimitCents).toBe(20_000);
    expect((await after).dailySpendLimitCents).toBe(5_000);
    const again = limits.current();
    answer();
    expect((await again).dailySpendLimitCents).toBe(5_000);
    // The read that began after the change was kept; the older one was not.
    expect(state.reads).toBe(2);
  });

  it('are read again when the clock goes back, rather than kept for ever', async () => {
    const { db, state } = fakeDatabase();
    let now = new Date('2026-11-22T10:00:00Z');
    const limits = createServiceLimits(db, { defaults: DEFAULTS, now: () => now });
    await limits.current();
    state.row = savedRow(5_000);
    now = new Date(now.getTime() - 1);
    expect((await limits.current()).dailySpendLimitCents).toBe(5_000);
  });
});
