import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/raw-rows';
import { dailyWalletFigures, orders, sandboxPaymentIntents, walletBalanceReadings } from '../db/schema';
import { DomainError } from '../domain-error';
import { startCheckout } from '../orders/checkout';
import { settlement } from '../orders/settlement';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { firstOffer, insertTestUser, paidOrder, sandboxOrderServices, SANDBOX_NUMBERS } from '../testing/orders';
import { rejectionOf } from '../testing/rejections';
import { createWalletGauge, daysLeftOf, walletOutlook } from './wallet-balance';

const NOW = new Date('2026-11-28T15:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('the top-up wallet on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.reset();
    userId = await insertTestUser(database.db);
  });
  afterAll(() => database.close());

  it('refuses a checkout the wallet cannot pay as temporarily unavailable (503) before any payment is made, and takes it once the wallet can', async () => {
    const wallet = createWalletGauge();
    const { services } = sandboxOrderServices(database.db, NOW, { wallet });
    const { operator, amount } = await firstOffer(services);
    // 10¢ left: less than the provider cost of the first offer (its amount less the operator's commission).
    wallet.note({ balance: 0.1, currencyCode: 'USD', usdCents: 10, readAt: NOW });
    const body = { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: SANDBOX_NUMBERS.successful };
    const refusal = await rejectionOf(startCheckout(services, { userId, accountEmail: 'payer@example.com', body }), DomainError);
    expect(refusal).toMatchObject({ kind: 'unavailable', code: 'TEMPORARILY_UNAVAILABLE', messageRef: { key: 'apiErrors.temporarilyUnavailable' } });
    expect(await database.db.select().from(orders)).toEqual([]);
    expect(await database.db.select().from(sandboxPaymentIntents)).toEqual([]);

    wallet.note({ balance: 1000, currencyCode: 'USD', usdCents: 100_000, readAt: new Date(NOW.getTime() + 1000) });
    await paidOrder(services, { userId });
    expect(await database.db.select().from(orders)).toHaveLength(1);
  });

  it('answers the days the balance lasts at the last 7 days’ spend, as SQL over the orders counts it', async () => {
    const statuses = ['completed', 'delivered', 'refunded', 'delivery_failed', 'canceled', 'created'] as const;
    for (let index = 0; index < 24; index++) {
      const createdAt = new Date(NOW.getTime() - (index % 10) * DAY_MS + 60_000);
      await insertOrderRow(database.db, {
        userId,
        status: statuses[index % statuses.length],
        providerCostCents: 400 + index * 37,
        createdAt,
        updatedAt: createdAt,
      });
    }
    await database.db.insert(walletBalanceReadings).values({ readAt: NOW, balance: '812.3400', currencyCode: 'USD', usdCents: 81_234 });
    const outlook = await walletOutlook(database.db, NOW, 50_000);
    const [row] = await rowsOf<{ spent: string }>(
      database.db,
      sql`select coalesce(sum(provider_cost_cents), 0) as spent from orders
          where created_at >= ${new Date(NOW.getTime() - 7 * DAY_MS).toISOString()}::timestamptz and created_at <= ${NOW.toISOString()}::timestamptz
            and status in ('delivered', 'completed', 'capture_failed', 'refunding', 'refund_failed', 'refunded')`,
    );
    const spent = Number(row!.spent);
    expect(spent).toBeGreaterThan(0);
    expect(outlook).toMatchObject({
      balance: 812.34,
      currencyCode: 'USD',
      balanceUsdCents: 81_234,
      spentLast7DaysCents: spent,
      daysLeft: Math.floor(81_234 / (spent / 7)),
      lowBalance: 500,
      low: false,
    });
    expect(daysLeftOf(null, 1000)).toBeNull();
    expect(daysLeftOf(1000, 0)).toBeNull();
  });

  it('gives the settlement a start and an end for a day without top-ups, from the balance readings', async () => {
    await database.db.insert(walletBalanceReadings).values([
      { readAt: new Date('2026-11-27T00:10:00Z'), balance: '900.0000', currencyCode: 'USD', usdCents: 90_000 },
      { readAt: new Date('2026-11-27T12:00:00Z'), balance: '1900.0000', currencyCode: 'USD', usdCents: 190_000 },
      { readAt: new Date('2026-11-27T23:50:00Z'), balance: '1900.0000', currencyCode: 'USD', usdCents: 190_000 },
    ]);
    const { settlement: answer } = await settlement(database.db, { from: '2026-11-27', to: '2026-11-27' }, NOW);
    expect(answer.days).toEqual([
      expect.objectContaining({
        day: '2026-11-27',
        wallet: { currencyCode: 'USD', startBalance: '900.0000', endBalance: '1900.0000', debits: '0.0000' },
      }),
    ]);
    // A deposit of $1,000 that no order explains shows as the day's difference, for a person to explain.
    expect(answer.days[0]!.walletDifferenceCents).toBe(-100_000);
    expect(await database.db.select().from(dailyWalletFigures)).toHaveLength(1);
  });
});
