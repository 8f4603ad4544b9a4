import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SettlementFigures } from '../../shared/api/admin-settlement';
import { rowsOf } from '../db/raw-rows';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { settlement } from './settlement';

const NOW = new Date('2026-11-28T15:00:00.000Z');
const DAYS = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
const STATUSES = ['completed', 'refunded', 'refund_failed', 'canceled', 'delivery_failed', 'created', 'expired'] as const;
const DESTINATIONS = [
  { countryIso: 'NG', operatorId: 341, operatorName: 'MTN Nigeria' },
  { countryIso: 'NG', operatorId: 342, operatorName: 'Airtel Nigeria' },
  { countryIso: 'GH', operatorId: 500, operatorName: 'MTN Ghana' },
];

/** The settlement's figures written again, independently, as one SQL statement over the orders. */
async function figuresFromOrders(database: TestDatabase, where: ReturnType<typeof sql>): Promise<SettlementFigures> {
  const [row] = await rowsOf<Record<string, string | null>>(
    database.db,
    sql`select
      count(*) filter (where status in ('completed', 'refunding', 'refund_failed', 'refunded')) as completed,
      count(*) filter (where status = 'refunded') as refunded_orders,
      count(*) filter (where disputed_at is not null) as disputed_orders,
      coalesce(sum(total_cents) filter (where status in ('completed', 'refunding', 'refund_failed', 'refunded')), 0) as captured,
      coalesce(sum(total_cents) filter (where status = 'refunded'), 0) as refunded,
      coalesce(sum(disputed_cents), 0) as disputed,
      coalesce(sum(processor_fee_cents), 0) + coalesce(sum(dispute_fee_cents), 0) as processor_fee,
      coalesce(sum(provider_cost_cents), 0) as provider_cost,
      coalesce(sum(percentage_fee_cents + standard_fee_cents - discount_cents) filter (where status in ('completed', 'refunding', 'refund_failed')), 0) as fees
    from orders where ${where}`,
  );
  const n = (key: string) => Number(row![key] ?? 0);
  const captured = n('captured');
  return {
    orders: { completed: n('completed'), refunded: n('refunded_orders'), disputed: n('disputed_orders') },
    capturedCents: captured,
    refundedCents: n('refunded'),
    disputedCents: n('disputed'),
    processorFeeCents: n('processor_fee'),
    providerCostCents: n('provider_cost'),
    feesChargedCents: n('fees'),
    marginCents: captured - n('refunded') - n('disputed') - n('provider_cost') - n('processor_fee'),
  };
}

const onDay = (day: string) =>
  sql`created_at >= ${`${day}T00:00:00Z`}::timestamptz and created_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day'`;
const pick = <T>(list: readonly T[], seed: number) => list[seed % list.length]!;
const strip = ({ orders, ...money }: SettlementFigures): SettlementFigures => ({
  orders,
  capturedCents: money.capturedCents,
  refundedCents: money.refundedCents,
  disputedCents: money.disputedCents,
  processorFeeCents: money.processorFeeCents,
  providerCostCents: money.providerCostCents,
  feesChargedCents: money.feesChargedCents,
  marginCents: money.marginCents,
});

describe.each(TEST_DATABASE_KINDS)('the daily settlement on %s', (kind) => {
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

  it('answers every figure of every day, country, operator and the totals as SQL over the orders adds them up', async () => {
    for (let seed = 0; seed < 48; seed++) {
      const status = pick(STATUSES, seed * 7 + 3);
      const charged = ['completed', 'refunded', 'refund_failed'].includes(status);
      const delivered = charged || seed % 11 === 0;
      const total = 500 + ((seed * 37) % 4000);
      const disputed = charged && status !== 'refunded' && seed % 9 === 0;
      // Some orders used a promo code: what it took off is not a fee we kept (ADR 067).
      const discount = seed % 4 === 0 ? 35 : 0;
      await insertOrderRow(database.db, {
        userId,
        ...pick(DESTINATIONS, seed),
        status,
        amountCents: total - 100,
        percentageFeeCents: 60,
        standardFeeCents: 40,
        discountCents: discount,
        totalCents: total - discount,
        providerCostCents: delivered ? Math.round((total - 100) * 0.93) : status === 'canceled' ? 0 : null,
        processorFeeCents: charged ? Math.round(total * 0.029) + 30 : null,
        disputedAt: disputed ? NOW : null,
        disputedCents: disputed ? total : null,
        disputeFeeCents: disputed ? 1500 : null,
        createdAt: new Date(Date.parse(`${pick(DAYS, seed * 5)}T00:00:00Z`) + ((seed * 3_600_000 * 7) % 86_400_000)),
      });
    }
    const toRefund = await insertOrderRow(database.db, {
      userId,
      status: 'completed',
      providerCostCents: 450,
      processorFeeCents: 47,
      createdAt: new Date('2026-11-26T12:00:00Z'),
    });
    const { settlement: answer } = await settlement(database.db, { from: DAYS[0]!, to: DAYS.at(-1)! }, NOW);
    expect(answer.days.map((day) => day.day)).toEqual(DAYS);
    for (const day of answer.days) expect(strip(day), day.day).toEqual(await figuresFromOrders(database, onDay(day.day)));
    const range = sql`created_at >= '2026-11-25T00:00:00Z' and created_at < '2026-11-29T00:00:00Z'`;
    expect(strip(answer.totals)).toEqual(await figuresFromOrders(database, range));
    expect(answer.totals.marginCents).toBeLessThan(answer.totals.capturedCents);
    for (const country of answer.countries) {
      expect(strip(country), country.countryIso).toEqual(await figuresFromOrders(database, sql`${range} and country_iso = ${country.countryIso}`));
    }
    expect(answer.countries.map((country) => country.countryIso).sort()).toEqual(['GH', 'NG']);
    for (const operator of answer.operators) {
      const where = sql`${range} and operator_id = ${operator.operatorId} and country_iso = ${operator.countryIso}`;
      expect(strip(operator), operator.operatorName).toEqual(await figuresFromOrders(database, where));
    }
    expect(answer.operators).toHaveLength(3);
    // A day outside the range is not counted; an order that moves later is counted as it stands at the next look.
    const { settlement: oneDay } = await settlement(database.db, { from: '2026-11-26', to: '2026-11-26' }, NOW);
    expect(strip(oneDay.totals)).toEqual(await figuresFromOrders(database, onDay('2026-11-26')));
    await database.db.execute(sql`update orders set status = 'refunded', updated_at = ${NOW.toISOString()}::timestamptz where id = ${toRefund.id}`);
    const { settlement: afterRefund } = await settlement(database.db, { from: '2026-11-26', to: '2026-11-26' }, new Date(NOW.getTime() + 60_000));
    expect(strip(afterRefund.totals)).toEqual(await figuresFromOrders(database, onDay('2026-11-26')));
    expect(afterRefund.totals.orders.refunded).toBe(oneDay.totals.orders.refunded + 1);
  });

  it('reconciles the wallet: each day’s balances and debits, and each difference raised once', async () => {
    const wallet = (after: string, debit: string, hour: number, expected: string | null = debit) =>
      insertOrderRow(database.db, {
        userId,
        status: 'completed',
        walletBalanceAfter: after,
        walletDebit: debit,
        walletDebitExpected: expected,
        walletCurrencyCode: 'USD',
        walletUsdRate: '1',
        providerCostCents: Math.round(Number(debit) * 100),
        createdAt: new Date(`2026-11-27T${String(hour).padStart(2, '0')}:00:00Z`),
        deliveredAt: new Date(`2026-11-27T${String(hour).padStart(2, '0')}:00:05Z`),
      });
    const first = await wallet('990.0000', '10.0000', 8);
    const second = await wallet('975.0000', '10.0000', 9); // 5.00 left the wallet with no order of ours.
    const third = await wallet('966.0000', '9.0000', 10, '8.5000'); // Its answer said 8.50.
    const { settlement: answer, raised } = await settlement(database.db, { from: '2026-11-27', to: '2026-11-27' }, NOW);
    expect(answer.days[0]!.wallet).toEqual({ currencyCode: 'USD', startBalance: '1000.0000', endBalance: '966.0000', debits: '29.0000' });
    expect(answer.days[0]!.walletDifferenceCents).toBe(500);
    expect(answer.totals.walletDifferenceCents).toBe(500);
    expect([...answer.walletDifferences].sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      {
        kind: 'order_debit',
        orderId: third.id,
        previousOrderId: null,
        day: '2026-11-27',
        amount: '0.5000',
        amountCents: 50,
        raisedAt: NOW.toISOString(),
      },
      {
        kind: 'unexplained',
        orderId: second.id,
        previousOrderId: first.id,
        day: '2026-11-27',
        amount: '5.0000',
        amountCents: 500,
        raisedAt: NOW.toISOString(),
      },
    ]);
    expect(raised).toHaveLength(2);
    // Raised once: a later look lists them and raises nothing.
    const again = await settlement(database.db, { from: '2026-11-27', to: '2026-11-27' }, new Date(NOW.getTime() + 60_000));
    expect(again.raised).toEqual([]);
    expect(again.settlement.walletDifferences).toHaveLength(2);
  });

  it('refuses a range older than the days it keeps, naming from', async () => {
    await expect(settlement(database.db, { from: '2020-01-01', to: '2020-01-02' }, NOW)).rejects.toMatchObject({ options: { field: 'from' } });
  });
});
