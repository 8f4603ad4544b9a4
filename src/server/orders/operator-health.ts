import { sql } from 'drizzle-orm';
import { OPERATOR_FAILING, OPERATOR_HEALTH_COUNT, type OperatorHealth, type OperatorHealthWindow } from '../../shared/api/admin-overview';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { DELIVERED_STATUSES, statusIn, UNDELIVERED_STATUSES } from './daily-figures';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface HealthRow {
  country_iso: string;
  operator_id: number;
  operator_name: string;
  delivered_hour: number | string;
  failed_hour: number | string;
  p95_hour: number | string | null;
  delivered_day: number | string;
  failed_day: number | string;
  p95_day: number | string | null;
  sent_recently: number | string;
  failed_recently: number | string;
}

const windowOf = (delivered: number | string, failed: number | string, p95: number | string | null): OperatorHealthWindow => {
  const [d, f] = [Number(delivered), Number(failed)];
  return {
    delivered: d,
    failed: f,
    successRate: d + f === 0 ? null : d / (d + f),
    p95Seconds: p95 === null ? null : Math.round(Number(p95) * 1000) / 1000,
  };
};

/**
 * Per operator, over the orders created in the last hour and the last 24 hours whose top-up was sent: deliveries,
 * failures, success rate and the 95th percentile of the time from payment to delivery (percentile_cont, exact). One
 * bounded read of a day of orders by `orders_created_idx`; an operator failing above OPERATOR_FAILING over its last
 * minutes is marked failing now. Those failing now come first, then the least successful over the day.
 */
export async function readOperatorHealth(db: Database, now: Date): Promise<OperatorHealth[]> {
  const hourAgo = sql`${new Date(now.getTime() - HOUR_MS).toISOString()}::timestamptz`;
  const status = sql`${orders.status}`;
  const delivered = statusIn(status, DELIVERED_STATUSES);
  const failed = sql`(${statusIn(status, UNDELIVERED_STATUSES)} and ${orders.claimedAt} is not null)`;
  const took = sql`extract(epoch from greatest(${orders.deliveredAt} - ${orders.authorisedAt}, interval '0'))`;
  const timed = sql`${delivered} and ${orders.deliveredAt} is not null and ${orders.authorisedAt} is not null`;
  const inHour = sql`${orders.createdAt} >= ${hourAgo}`;
  const recently = sql`${orders.createdAt} >= ${new Date(now.getTime() - OPERATOR_FAILING.minutes * 60_000).toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    select ${orders.countryIso} as country_iso, ${orders.operatorId} as operator_id, max(${orders.operatorName}) as operator_name,
           count(*) filter (where ${delivered} and ${inHour}) as delivered_hour,
           count(*) filter (where ${failed} and ${inHour}) as failed_hour,
           percentile_cont(0.95) within group (order by ${took}) filter (where ${timed} and ${inHour}) as p95_hour,
           count(*) filter (where ${delivered}) as delivered_day,
           count(*) filter (where ${failed}) as failed_day,
           percentile_cont(0.95) within group (order by ${took}) filter (where ${timed}) as p95_day,
           count(*) filter (where (${delivered} or ${failed}) and ${recently}) as sent_recently,
           count(*) filter (where ${failed} and ${recently}) as failed_recently
    from ${orders}
    where ${orders.createdAt} >= ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz
      and ${orders.createdAt} <= ${now.toISOString()}::timestamptz and ${orders.claimedAt} is not null
    group by ${orders.countryIso}, ${orders.operatorId}`)) as unknown as { rows: HealthRow[] };
  const health = result.rows.map((row): OperatorHealth => ({
    countryIso: row.country_iso,
    operatorId: Number(row.operator_id),
    operatorName: row.operator_name,
    lastHour: windowOf(row.delivered_hour, row.failed_hour, row.p95_hour),
    lastDay: windowOf(row.delivered_day, row.failed_day, row.p95_day),
    failingNow:
      Number(row.failed_recently) >= OPERATOR_FAILING.failures && Number(row.failed_recently) >= OPERATOR_FAILING.share * Number(row.sent_recently),
  }));
  const rate = (entry: OperatorHealth) => entry.lastDay.successRate ?? 1;
  return health
    .sort(
      (a, b) =>
        Number(b.failingNow) - Number(a.failingNow) || rate(a) - rate(b) || b.lastDay.failed - a.lastDay.failed || a.operatorId - b.operatorId,
    )
    .slice(0, OPERATOR_HEALTH_COUNT);
}
