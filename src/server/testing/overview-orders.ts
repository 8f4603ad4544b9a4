import { sql } from 'drizzle-orm';
import { OVERVIEW_TOP_COUNT } from '../../shared/api/admin-overview';
import type { Database } from '../db/client';
import type { OrderRowValues } from './order-rows';

/** The overview tests' data set: 300 varied orders, and each window's figures asked of the orders in plain SQL. */

export const NOW = new Date('2026-11-24T12:00:00Z');
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Midnight UTC starting today, and the day `days` before it. */
export const midnight = (days = 0, from = NOW) => new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) - days * DAY);

/** Destinations of the data set: each order goes to one, in turn. */
export const DESTINATIONS = [
  { countryIso: 'NG', operatorId: 341, operatorName: 'MTN Nigeria' },
  { countryIso: 'NG', operatorId: 342, operatorName: 'Glo Nigeria' },
  { countryIso: 'IN', operatorId: 200, operatorName: 'Airtel India' },
  { countryIso: 'CU', operatorId: 170, operatorName: 'Cubacel' },
  { countryIso: 'ET', operatorId: 400, operatorName: 'Ethio Telecom' },
  { countryIso: 'GH', operatorId: 500, operatorName: 'MTN Ghana' },
  { countryIso: 'KE', operatorId: 600, operatorName: 'Safaricom' },
  { countryIso: 'MX', operatorId: 700, operatorName: 'Telcel' },
  { countryIso: 'PH', operatorId: 800, operatorName: 'Globe' },
  { countryIso: 'HT', operatorId: 900, operatorName: 'Digicel Haiti' },
];

/** Where the statuses of the data set come from, with what each implies of the order's times. */
export const STATUSES = [
  'completed',
  'completed',
  'completed',
  'completed',
  'refunded',
  'canceled', // released after a failed delivery
  'canceled', // released before anything was sent
  'delivery_failed',
  'expired',
  'created',
  'capture_failed',
  'refund_failed',
  'refunding',
  'delivered',
  'delivering',
] as const;
export const SENT = new Set(['completed', 'refunded', 'delivery_failed', 'capture_failed', 'refund_failed', 'refunding', 'delivered', 'delivering']);
export const DELIVERED = new Set(['completed', 'refunded', 'capture_failed', 'refund_failed', 'refunding', 'delivered']);

/**
 * 300 orders over the 35 days before NOW (so some are outside every window), at varied times of day, in every status,
 * to ten destinations, with varied amounts and fees, and whole-second times from payment to delivery (2 s to about
 * 16 minutes). Refunds are made up to three days after their order, never after NOW.
 */
export function variedOrders(userId: string): OrderRowValues[] {
  return Array.from({ length: 300 }, (_, index) => {
    const status = STATUSES[index % STATUSES.length]!;
    const createdAt = new Date(midnight(index % 35).getTime() + ((index * 7919) % (24 * 60)) * MINUTE + (index % 60) * SECOND);
    const destination = DESTINATIONS[(index * 3) % DESTINATIONS.length]!;
    const amountCents = 500 + (index % 9) * 250;
    const percentageFeeCents = Math.round(amountCents * 0.03) + (index % 4);
    const standardFeeCents = 33 + (index % 3) * 10;
    // One order in seven used a promo code: what it took off is not a fee kept.
    const discountCents = index % 7 === 0 ? 20 : 0;
    const authorisedAt = ['created', 'expired'].includes(status) ? null : new Date(createdAt.getTime() + 5 * SECOND);
    const releasedAfterSend = status === 'canceled' && index % 2 === 0;
    const deliveredAt = DELIVERED.has(status)
      ? new Date(authorisedAt!.getTime() + (2 + ((index * 13) % 40) + (index % 23 === 0 ? 900 : 0)) * SECOND)
      : null;
    const refundedAt = status === 'refunded' ? new Date(Math.min(createdAt.getTime() + (index % 4) * DAY + HOUR, NOW.getTime())) : null;
    return {
      userId,
      status,
      ...destination,
      amountCents,
      percentageFeeCents,
      standardFeeCents,
      discountCents,
      totalCents: amountCents + percentageFeeCents + standardFeeCents - discountCents,
      authorisedAt,
      claimedAt: SENT.has(status) || releasedAfterSend ? new Date(authorisedAt!.getTime() + SECOND) : null,
      deliveredAt,
      refundedAt,
      refundId: refundedAt ? `re_${index}` : null,
      createdAt,
      updatedAt: refundedAt ?? deliveredAt ?? createdAt,
    };
  });
}

export type Row = Record<string, unknown>;
export const rows = async (db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
export const one = async (db: Database, query: ReturnType<typeof sql>) => (await rows(db, query))[0]!;
export const statusList = (statuses: string[]) =>
  sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );

/**
 * What each figure of a window is, asked of the orders directly, in plain SQL independent of the day-by-day figures:
 * `from` and `to` are the window's first instant and the next midnight.
 */
export async function figuresFromOrders(db: Database, from: Date, to: Date) {
  const inWindow = sql`created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`;
  const captured = statusList(['completed', 'refunding', 'refund_failed', 'refunded']);
  const statusRows = await rows(db, sql`select status, count(*)::int as n from orders where ${inWindow} group by status`);
  const totals = await one(
    db,
    sql`select count(*)::int as orders,
      count(*) filter (where status in (${statusList([...DELIVERED])}))::int as delivered,
      count(*) filter (where status = 'delivery_failed' or (status = 'canceled' and claimed_at is not null))::int as failed,
      count(*) filter (where status in (${captured}))::int as captured_orders,
      coalesce(sum(total_cents) filter (where status in (${captured})), 0)::int as captured_cents,
      coalesce(sum(percentage_fee_cents + standard_fee_cents - discount_cents) filter (where status in ('completed', 'refunding', 'refund_failed')), 0)::int as fees
    from orders where ${inWindow}`,
  );
  const refunds = await one(
    db,
    sql`select count(*)::int as n, coalesce(sum(total_cents), 0)::int as cents from orders
      where status = 'refunded' and refunded_at >= ${from.toISOString()}::timestamptz and refunded_at < ${to.toISOString()}::timestamptz`,
  );
  const times = await one(
    db,
    sql`select count(*)::int as n, avg(extract(epoch from delivered_at - authorised_at))::float8 as average,
      (percentile_cont(0.95) within group (order by extract(epoch from delivered_at - authorised_at)))::float8 as p95
    from orders where ${inWindow} and delivered_at is not null and authorised_at is not null`,
  );
  const top = (keys: ReturnType<typeof sql>, tieBreak: ReturnType<typeof sql>) =>
    rows(
      db,
      sql`select ${keys}, count(*)::int as orders, sum(total_cents)::int as cents from orders
        where ${inWindow} and status in (${captured})
        group by ${keys} order by cents desc, orders desc, ${tieBreak} limit ${OVERVIEW_TOP_COUNT}`,
    );
  const delivered = Number(totals.delivered);
  const failed = Number(totals.failed);
  return {
    orders: Number(totals.orders),
    statusCounts: Object.fromEntries(statusRows.map((row) => [row.status, row.n])),
    deliveries: { delivered, failed, successRate: delivered + failed ? delivered / (delivered + failed) : null },
    captured: { orders: Number(totals.captured_orders), cents: Number(totals.captured_cents) },
    feesCents: Number(totals.fees),
    refunds: { count: Number(refunds.n), cents: Number(refunds.cents) },
    deliveryTime: {
      orders: Number(times.n),
      averageSeconds: times.average === null ? null : Number(times.average),
      p95Seconds: times.p95 === null ? null : Number(times.p95),
    },
    topCountries: (await top(sql`country_iso`, sql`country_iso`)).map((row) => ({
      countryIso: row.country_iso,
      orders: row.orders,
      cents: row.cents,
    })),
    topOperators: (await top(sql`country_iso, operator_id, operator_name`, sql`operator_id`)).map((row) => ({
      countryIso: row.country_iso,
      operatorId: row.operator_id,
      operatorName: row.operator_name,
      orders: row.orders,
      cents: row.cents,
    })),
  };
}
