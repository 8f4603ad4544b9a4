import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OVERVIEW_TOP_COUNT, OVERVIEW_WINDOW_DAYS, OVERVIEW_WINDOWS } from '../../shared/api/admin-overview';
import type { Database } from '../db/client';
import { dailyFiguresDays, orders } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow, type OrderRowValues } from '../testing/order-rows';
import { createFulfilment, insertTestUser, paidOrder, sandboxOrderServices } from '../testing/orders';
import { MOVES_MARGIN_MS } from './daily-figures';
import { adminOverview } from './overview';
import { DAY, figuresFromOrders, HOUR, midnight, MINUTE, NOW, rows, SECOND, variedOrders } from '../testing/overview-orders';

/** The overview at `now`, every window compared with the orders themselves; the averages to the millisecond. */
async function expectFiguresToMatchOrders(db: Database, now: Date) {
  const overview = await adminOverview(db, now);
  const tomorrow = midnight(-1, now);
  for (const name of OVERVIEW_WINDOWS) {
    const from = midnight(OVERVIEW_WINDOW_DAYS[name] - 1, now);
    const expected = await figuresFromOrders(db, from, tomorrow);
    const { from: firstDay, deliveryTime, ...figures } = overview.windows[name];
    const { deliveryTime: expectedTime, ...expectedFigures } = expected;
    expect(firstDay, name).toBe(from.toISOString().slice(0, 10));
    expect(figures, name).toEqual(expectedFigures);
    expect(deliveryTime.orders, name).toBe(expectedTime.orders);
    expect(deliveryTime.averageSeconds, name).toBeCloseTo(expectedTime.averageSeconds!, 3);
    expect(deliveryTime.p95Seconds, name).toBeCloseTo(expectedTime.p95Seconds!, 3);
  }
  return overview;
}

describe.each(TEST_DATABASE_KINDS)('the console’s overview on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let customer: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
  });
  beforeEach(async () => {
    await database.reset();
    customer = await insertTestUser(db);
  });
  afterAll(() => database.close());

  const insertAll = async (values: OrderRowValues[]) => {
    for (const value of values) await insertOrderRow(db, value);
  };

  it('gives each window’s figures as the orders themselves give them', async () => {
    await insertAll(variedOrders(customer));
    const overview = await expectFiguresToMatchOrders(db, NOW);
    // The data set is varied enough for every figure to mean something in every window.
    for (const name of OVERVIEW_WINDOWS) {
      const window = overview.windows[name];
      expect(window.deliveries.failed, name).toBeGreaterThan(0);
      expect(window.captured.cents, name).toBeGreaterThan(window.feesCents);
      expect(window.deliveryTime.orders, name).toBeGreaterThan(0);
    }
    expect(overview.windows.last30Days.refunds.count).toBeGreaterThan(overview.windows.today.refunds.count);
    expect(overview.windows.last30Days.topCountries).toHaveLength(OVERVIEW_TOP_COUNT);
  });

  it('gives the 30 days one by one, oldest first, as the orders give them', async () => {
    await insertAll(variedOrders(customer));
    const { days, today } = await adminOverview(db, NOW);
    expect(today).toBe('2026-11-24');
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2026-10-26');
    expect(days.at(-1)!.day).toBe('2026-11-24');
    const expected = await rows(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, status, count(*)::int as n,
        coalesce(sum(total_cents) filter (where status in ('completed', 'refunding', 'refund_failed', 'refunded')), 0)::int as captured,
        coalesce(sum(percentage_fee_cents + standard_fee_cents - discount_cents) filter (where status in ('completed', 'refunding', 'refund_failed')), 0)::int as fees
      from orders where created_at >= '2026-10-26T00:00:00Z' group by 1, 2`,
    );
    for (const { day, statusCounts, capturedCents, feesCents } of days) {
      const ofDay = expected.filter((row) => row.day === day);
      expect(statusCounts, day).toEqual(Object.fromEntries(ofDay.map((row) => [row.status, row.n])));
      expect(capturedCents, day).toBe(ofDay.reduce((sum, row) => sum + Number(row.captured), 0));
      expect(feesCents, day).toBe(ofDay.reduce((sum, row) => sum + Number(row.fees), 0));
    }
    expect(days.filter((day) => Object.keys(day.statusCounts).length > 0).length).toBe(30);
  });

  it('gives each day’s funnel and its declines by reason as SQL over the orders gives them', async () => {
    await insertAll(variedOrders(customer));
    const declined = (createdAt: string, declineCode: string) => ({
      userId: customer,
      status: 'declined',
      declineCode,
      createdAt: new Date(createdAt),
    });
    await insertAll([
      declined('2026-11-24T01:00:00Z', 'insufficient_funds'),
      declined('2026-11-24T02:00:00Z', 'insufficient_funds'),
      declined('2026-11-24T03:00:00Z', 'payment_intent_authentication_failure'),
      declined('2026-11-20T03:00:00Z', 'generic_decline'),
    ]);
    const { days } = await adminOverview(db, NOW);
    const funnel = await rows(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as started,
        count(authorised_at)::int as paid, count(delivered_at)::int as delivered,
        (count(*) filter (where status in ('completed', 'refunding', 'refund_failed', 'refunded')))::int as captured
      from orders where created_at >= '2026-10-26T00:00:00Z' group by 1`,
    );
    const declines = await rows(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, decline_code as reason, count(*)::int as n
      from orders where status = 'declined' and created_at >= '2026-10-26T00:00:00Z' group by 1, 2`,
    );
    for (const day of days) {
      const expected = funnel.find((row) => row.day === day.day);
      expect(day.funnel, day.day).toEqual({
        started: expected?.started ?? 0,
        paid: expected?.paid ?? 0,
        delivered: expected?.delivered ?? 0,
        captured: expected?.captured ?? 0,
      });
      expect(day.declines, day.day).toEqual(Object.fromEntries(declines.filter((row) => row.day === day.day).map((row) => [row.reason, row.n])));
    }
    expect(days.at(-1)!.declines).toEqual({ insufficient_funds: 2, payment_intent_authentication_failure: 1 });
    // Every step of the funnel means something in the data set.
    const total = (step: keyof (typeof days)[number]['funnel']) => days.reduce((sum, day) => sum + day.funnel[step], 0);
    expect(total('started')).toBeGreaterThan(total('paid'));
    expect(total('paid')).toBeGreaterThan(total('delivered'));
    expect(total('delivered')).toBeGreaterThan(total('captured'));
    expect(total('captured')).toBeGreaterThan(0);
  });

  it('computes by hand: rates, money, fees, refunds and the times of a small day', async () => {
    const base = { userId: customer, countryIso: 'NG', operatorId: 341, operatorName: 'MTN Nigeria', amountCents: 1000, percentageFeeCents: 30 };
    const at = (hours: number) => new Date(midnight().getTime() + hours * HOUR);
    const paid = (hours: number, tookSeconds: number) => ({
      authorisedAt: at(hours),
      claimedAt: at(hours),
      deliveredAt: new Date(at(hours).getTime() + tookSeconds * SECOND),
    });
    await insertAll([
      { ...base, status: 'completed', standardFeeCents: 33, totalCents: 1063, createdAt: at(1), ...paid(1, 4) },
      { ...base, status: 'completed', standardFeeCents: 33, totalCents: 1063, createdAt: at(2), ...paid(2, 6) },
      { ...base, status: 'refunded', standardFeeCents: 33, totalCents: 1063, createdAt: at(3), ...paid(3, 10), refundedAt: at(4) },
      { ...base, status: 'canceled', standardFeeCents: 33, totalCents: 1063, createdAt: at(5), authorisedAt: at(5), claimedAt: at(5) },
      { ...base, status: 'canceled', standardFeeCents: 33, totalCents: 1063, createdAt: at(6), authorisedAt: at(6) },
      { ...base, status: 'expired', standardFeeCents: 33, totalCents: 1063, createdAt: at(7) },
      {
        ...base,
        countryIso: 'IN',
        operatorId: 200,
        operatorName: 'Airtel India',
        status: 'completed',
        standardFeeCents: 0,
        totalCents: 2000,
        createdAt: at(8),
        ...paid(8, 30),
      },
    ]);
    const { today } = (await adminOverview(db, NOW)).windows;
    expect(today).toEqual({
      from: '2026-11-24',
      orders: 7,
      statusCounts: { completed: 3, refunded: 1, canceled: 2, expired: 1 },
      // Four delivered; one canceled after its top-up was sent failed; one canceled before anything was sent is no delivery.
      deliveries: { delivered: 4, failed: 1, successRate: 0.8 },
      captured: { orders: 4, cents: 1063 * 3 + 2000 },
      // The refunded order's fees went back with its total.
      feesCents: 63 + 63 + 30,
      refunds: { count: 1, cents: 1063 },
      // 4, 6, 10 and 30 s: the average is 12.5 s; the 95th percentile lies between 10 and 30, at 0.95 × 3 = 2.85 of the way.
      deliveryTime: { orders: 4, averageSeconds: 12.5, p95Seconds: 27 },
      topCountries: [
        { countryIso: 'NG', orders: 3, cents: 3189 },
        { countryIso: 'IN', orders: 1, cents: 2000 },
      ],
      topOperators: [
        { countryIso: 'NG', operatorId: 341, operatorName: 'MTN Nigeria', orders: 3, cents: 3189 },
        { countryIso: 'IN', operatorId: 200, operatorName: 'Airtel India', orders: 1, cents: 2000 },
      ],
    });
  });

  it('never reads a 95th percentile below the times it stands for, nor below their average when it is not in truth', async () => {
    const base = { userId: customer, countryIso: 'NG', operatorId: 341, operatorName: 'MTN Nigeria', amountCents: 1000, percentageFeeCents: 30 };
    const start = midnight().getTime() + HOUR;
    // Every delivery took 1.4 s: kept to the nearest second, the percentile read 1 s under an average of 1.4 s.
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 50, max: 120_000 }), { minLength: 1, maxLength: 12 }), async (tookMs) => {
        await db.delete(orders);
        await db.delete(dailyFiguresDays);
        await insertAll(
          tookMs.map((took, index) => {
            const paidAt = new Date(start + index * MINUTE);
            return {
              ...base,
              status: 'completed' as const,
              standardFeeCents: 33,
              totalCents: 1063,
              createdAt: paidAt,
              authorisedAt: paidAt,
              claimedAt: paidAt,
              deliveredAt: new Date(paidAt.getTime() + took),
            };
          }),
        );
        const { deliveryTime } = (await adminOverview(db, NOW)).windows.today;
        const exact = await figuresFromOrders(db, midnight(), midnight(-1));
        const trueP95 = exact.deliveryTime.p95Seconds!;
        expect(deliveryTime.p95Seconds!).toBeGreaterThanOrEqual(trueP95 - 1e-9);
        expect(deliveryTime.p95Seconds!).toBeLessThanOrEqual(trueP95 + 0.1 + 1e-9);
        if (trueP95 >= exact.deliveryTime.averageSeconds!) expect(deliveryTime.p95Seconds!).toBeGreaterThanOrEqual(deliveryTime.averageSeconds!);
      }),
      { numRuns: 12, examples: [[[1400, 1400, 1400]], [[1400]], [[900, 1100, 1400]]] },
    );
  });

  it('gives each operator’s success rate and 95th percentile over the last hour and day, as SQL over the orders gives them', async () => {
    const mtn = { userId: customer, countryIso: 'NG', operatorId: 341, operatorName: 'MTN Nigeria', amountCents: 1000, percentageFeeCents: 30 };
    const airtel = { ...mtn, countryIso: 'IN', operatorId: 200, operatorName: 'Airtel India' };
    const glo = { ...mtn, operatorId: 342, operatorName: 'Glo Nigeria' };
    const etisalat = { ...mtn, operatorId: 343, operatorName: 'Etisalat Nigeria' };
    const sent = (ago: number, tookSeconds: number | null) => {
      const paidAt = new Date(NOW.getTime() - ago);
      return {
        standardFeeCents: 33,
        totalCents: 1063,
        createdAt: paidAt,
        authorisedAt: paidAt,
        claimedAt: paidAt,
        deliveredAt: tookSeconds === null ? null : new Date(paidAt.getTime() + tookSeconds * SECOND),
      };
    };
    await insertAll([
      { ...mtn, status: 'completed', ...sent(10 * MINUTE, 3) },
      { ...mtn, status: 'completed', ...sent(20 * MINUTE, 5.5) },
      { ...mtn, status: 'delivery_failed', ...sent(30 * MINUTE, null) },
      { ...mtn, status: 'completed', ...sent(5 * HOUR, 40) },
      { ...mtn, status: 'canceled', ...sent(6 * HOUR, null) },
      // Not sent (no claim), and older than a day: neither counts.
      { ...mtn, status: 'canceled', standardFeeCents: 33, totalCents: 1063, createdAt: new Date(NOW.getTime() - HOUR), authorisedAt: NOW },
      { ...mtn, status: 'completed', ...sent(25 * HOUR, 2) },
      { ...airtel, status: 'completed', ...sent(2 * HOUR, 8) },
      // Glo: 5 failures of 6 top-ups in the last 15 minutes (and one failure before them, not counted in them).
      ...[1, 2, 3, 4, 5].map((minutes) => ({ ...glo, status: 'delivery_failed' as const, ...sent(minutes * MINUTE, null) })),
      { ...glo, status: 'completed', ...sent(6 * MINUTE, 2) },
      { ...glo, status: 'delivery_failed', ...sent(20 * MINUTE, null) },
      // Etisalat: 4 failures in the last 15 minutes, one short of the threshold.
      ...[1, 2, 3, 4].map((minutes) => ({ ...etisalat, status: 'delivery_failed' as const, ...sent(minutes * MINUTE, null) })),
    ]);
    const { operatorHealth } = await adminOverview(db, NOW);
    const p95 = async (operatorId: number, sinceMs: number) =>
      Number(
        (
          await rows(
            db,
            sql`select percentile_cont(0.95) within group (order by extract(epoch from delivered_at - authorised_at))::float8 as p
              from orders where operator_id = ${operatorId} and delivered_at is not null
                and created_at >= ${new Date(NOW.getTime() - sinceMs).toISOString()}::timestamptz`,
          )
        )[0]!.p,
      );
    expect(operatorHealth.map((entry) => [entry.operatorName, entry.failingNow])).toEqual([
      ['Glo Nigeria', true],
      ['Etisalat Nigeria', false],
      ['MTN Nigeria', false],
      ['Airtel India', false],
    ]);
    expect(operatorHealth[0]).toMatchObject({ lastHour: { delivered: 1, failed: 6 }, lastDay: { delivered: 1, failed: 6 } });
    expect(operatorHealth.slice(2)).toEqual([
      {
        countryIso: 'NG',
        operatorId: 341,
        operatorName: 'MTN Nigeria',
        lastHour: { delivered: 2, failed: 1, successRate: 2 / 3, p95Seconds: await p95(341, HOUR) },
        lastDay: { delivered: 3, failed: 2, successRate: 3 / 5, p95Seconds: await p95(341, DAY) },
        failingNow: false,
      },
      {
        countryIso: 'IN',
        operatorId: 200,
        operatorName: 'Airtel India',
        lastHour: { delivered: 0, failed: 0, successRate: null, p95Seconds: null },
        lastDay: { delivered: 1, failed: 0, successRate: 1, p95Seconds: 8 },
        failingNow: false,
      },
    ]);
    // 3 and 5.5 s: the percentile lies 0.95 of the way from 3 to 5.5.
    expect(operatorHealth[2]!.lastHour.p95Seconds).toBeCloseTo(5.375, 3);
  });

  it('starts today at midnight UTC and the 7 and 30 days at midnight 6 and 29 days before, to the microsecond', async () => {
    const edges: Array<[string, number]> = [
      // [the instant, how many of today, 7 days, 30 days count it]
      ['2026-11-24T00:00:00.000000Z', 3],
      ['2026-11-23T23:59:59.999999Z', 2],
      ['2026-11-18T00:00:00.000000Z', 2],
      ['2026-11-17T23:59:59.999999Z', 1],
      ['2026-10-26T00:00:00.000000Z', 1],
      ['2026-10-25T23:59:59.999999Z', 0],
      ['2026-11-24T23:59:59.999999Z', 3],
    ];
    for (const [instant] of edges) {
      const row = await insertOrderRow(db, { userId: customer, status: 'completed' });
      await db.execute(sql`update ${orders} set created_at = ${instant}::timestamptz, updated_at = ${instant}::timestamptz where id = ${row.id}`);
    }
    const { windows } = await adminOverview(db, NOW);
    const counted = (windowsIn: number) => edges.filter(([, count]) => count >= windowsIn).length;
    expect(windows.today.orders).toBe(counted(3));
    expect(windows.last7Days.orders).toBe(counted(2));
    expect(windows.last30Days.orders).toBe(counted(1));
    expect(windows.today.from).toBe('2026-11-24');
    expect(windows.last7Days.from).toBe('2026-11-18');
    expect(windows.last30Days.from).toBe('2026-10-26');
    // A refund belongs to the day it was made: one made at 23:59:59.999 yesterday is not today's.
    const refunded = await insertOrderRow(db, { userId: customer, status: 'refunded', createdAt: new Date('2026-11-20T10:00:00Z') });
    await db.execute(
      sql`update ${orders} set refunded_at = '2026-11-23T23:59:59.999999Z', updated_at = ${NOW.toISOString()}::timestamptz where id = ${refunded.id}`,
    );
    const later = await adminOverview(db, NOW);
    expect([later.windows.today.refunds.count, later.windows.last7Days.refunds.count]).toEqual([0, 1]);
  });

  it('answers zeros and no rates on an empty shop, with 30 empty days', async () => {
    const overview = await adminOverview(db, NOW);
    expect(overview.attentionCount).toBe(0);
    for (const name of OVERVIEW_WINDOWS) {
      expect(overview.windows[name], name).toEqual({
        from: expect.any(String),
        orders: 0,
        statusCounts: {},
        deliveries: { delivered: 0, failed: 0, successRate: null },
        captured: { orders: 0, cents: 0 },
        feesCents: 0,
        refunds: { count: 0, cents: 0 },
        deliveryTime: { orders: 0, averageSeconds: null, p95Seconds: null },
        topCountries: [],
        topOperators: [],
      });
    }
    expect(overview.days.map((day) => [day.statusCounts, day.capturedCents, day.feesCents])).toEqual(Array(30).fill([{}, 0, 0]));
  });

  it('follows orders that move after their day was added up, and adds up no closed day where nothing moved', async () => {
    await insertAll(variedOrders(customer));
    await expectFiguresToMatchOrders(db, NOW);
    const computedAt = async (day: string) => (await db.select().from(dailyFiguresDays).where(eq(dailyFiguresDays.day, day)))[0]?.computedAt;
    const later = new Date(NOW.getTime() + 10 * MINUTE);
    await expectFiguresToMatchOrders(db, later);
    expect(await computedAt('2026-11-10')).toEqual(NOW);
    expect(await computedAt('2026-11-24')).toEqual(later);

    // Refunded, released, delivered late, and a new order on a closed day: each is stamped when it moves.
    const [completed] = await db
      .select()
      .from(orders)
      .where(sql`${orders.status} = 'completed' and ${orders.createdAt} < '2026-11-12T00:00:00Z'`)
      .limit(1);
    const moved = new Date(later.getTime() + MINUTE);
    await db.update(orders).set({ status: 'refunded', refundedAt: moved, updatedAt: moved }).where(eq(orders.id, completed!.id));
    const [delivering] = await db.select().from(orders).where(eq(orders.status, 'delivering')).limit(1);
    await db
      .update(orders)
      .set({ status: 'completed', deliveredAt: new Date(moved.getTime() - 2 * HOUR), updatedAt: moved })
      .where(eq(orders.id, delivering!.id));
    await insertOrderRow(db, { userId: customer, status: 'completed', createdAt: new Date('2026-11-02T08:00:00Z'), updatedAt: moved });
    const afterMoves = await expectFiguresToMatchOrders(db, new Date(moved.getTime() + 10 * SECOND));
    expect(afterMoves.windows.today.refunds.count).toBeGreaterThan(0);
    // A move a little before the last look (stamped by a server whose clock is behind) is still seen.
    const [another] = await db.select().from(orders).where(eq(orders.status, 'expired')).limit(1);
    await db
      .update(orders)
      .set({ status: 'canceled', updatedAt: new Date(moved.getTime() - MOVES_MARGIN_MS / 2) })
      .where(eq(orders.id, another!.id));
    await expectFiguresToMatchOrders(db, new Date(moved.getTime() + 20 * SECOND));
  });

  it('gives the figures of another day when the clock goes back or forward', async () => {
    await insertAll(variedOrders(customer));
    await expectFiguresToMatchOrders(db, NOW);
    await expectFiguresToMatchOrders(db, new Date(NOW.getTime() - 10 * DAY));
    await expectFiguresToMatchOrders(db, new Date(NOW.getTime() + 3 * DAY));
  });

  it('counts an order delivered through checkout with its time from payment to delivery', async () => {
    const kit = sandboxOrderServices(db, new Date('2026-11-24T09:00:00Z'));
    // Every read of the clock is a second later, as the steps of a real delivery are.
    kit.services.now = () => {
      kit.advance(SECOND);
      return kit.clock.now;
    };
    const { orderId } = await paidOrder(kit.services, { userId: customer });
    const fulfilled = await createFulfilment(kit.services).fulfil(orderId, 'browser');
    expect(fulfilled.status).toBe('completed');
    expect(fulfilled.deliveredAt!.getTime()).toBeGreaterThan(fulfilled.authorisedAt!.getTime());
    const { today } = (await adminOverview(db, NOW)).windows;
    expect(today.deliveryTime).toEqual({
      orders: 1,
      averageSeconds: (fulfilled.deliveredAt!.getTime() - fulfilled.authorisedAt!.getTime()) / 1000,
      p95Seconds: (fulfilled.deliveredAt!.getTime() - fulfilled.authorisedAt!.getTime()) / 1000,
    });
    expect(today.captured).toEqual({ orders: 1, cents: fulfilled.totalCents });
  });
});
