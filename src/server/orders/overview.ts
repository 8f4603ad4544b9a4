import { sql } from 'drizzle-orm';
import {
  DEFAULT_DECLINE_ALERT,
  type DeclineAlertThresholds,
  OVERVIEW_TOP_COUNT,
  OVERVIEW_WINDOW_DAYS,
  OVERVIEW_WINDOWS,
  type AdminOverviewResponse,
  type OverviewDay,
  type OverviewDestination,
  type OverviewFigures,
  type OverviewOperator,
  type OverviewWindow,
} from '../../shared/api/admin-overview';
import type { OrderStatus } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { dailyDeclineFigures, dailyDeliveryTimes, dailyOperatorFigures, dailyStatusFigures, orders } from '../db/schema';
import { countAttention } from './attention';
import { readOperatorHealth } from './operator-health';
import { declineRate } from './decline-rate';
import {
  CAPTURED_STATUSES,
  DELIVERED_STATUSES,
  FEE_EARNING_STATUSES,
  UNDELIVERED_STATUSES,
  dayStart,
  daysEndingOn,
  refreshDailyFigures,
  statusIn,
} from './daily-figures';

/**
 * The console's overview (docs/decisions/013-console-figures.md): every figure is a SQL aggregate over the day-by-day
 * figures of daily-figures.ts, brought up to date first; only refunds are read from the orders (by the day they were
 * made, from an index that holds refunded orders only) and the attention queue from its own rules.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const OVERVIEW_DAYS = OVERVIEW_WINDOW_DAYS.last30Days;
/** The percentile the delivery time is given at. */
const DELIVERY_TIME_PERCENTILE = 0.95;

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The three windows as rows (name, first day, first instant), to join each day's figures with the windows it is in. */
function windowsSql(days: string[]) {
  const rows = OVERVIEW_WINDOWS.map((name) => {
    const first = days[days.length - OVERVIEW_WINDOW_DAYS[name]]!;
    return sql`(${name}, ${first}::date, ${dayStart(first).toISOString()}::timestamptz)`;
  });
  return sql`(values ${sql.join(rows, sql`, `)}) as w(name, first_day, first_instant)`;
}

interface WindowRow {
  name: OverviewWindow;
  status_counts: Partial<Record<OrderStatus, number>>;
  orders: number | string;
  delivered: number | string;
  failed: number | string;
  captured_orders: number | string;
  captured_cents: number | string;
  fees_cents: number | string;
}

/** Per window: orders by status, deliveries, captured money and fees. */
function readWindowTotals(db: Database, days: string[]) {
  const today = days.at(-1)!;
  const status = sql`p.status`;
  return rowsOf<WindowRow>(
    db,
    sql`
    with per_status as (
      select w.name, s.status, sum(s.orders) as orders, sum(s.total_cents) as total_cents, sum(s.fee_cents) as fee_cents,
             sum(s.deliveries_sent) as deliveries_sent
      from ${windowsSql(days)} join ${dailyStatusFigures} s on s.day between w.first_day and ${today}::date
      group by w.name, s.status
    )
    select w.name,
           coalesce(jsonb_object_agg(p.status, p.orders) filter (where p.status is not null), '{}'::jsonb) as status_counts,
           coalesce(sum(p.orders), 0) as orders,
           coalesce(sum(p.orders) filter (where ${statusIn(status, DELIVERED_STATUSES)}), 0) as delivered,
           coalesce(sum(p.deliveries_sent) filter (where ${statusIn(status, UNDELIVERED_STATUSES)}), 0) as failed,
           coalesce(sum(p.orders) filter (where ${statusIn(status, CAPTURED_STATUSES)}), 0) as captured_orders,
           coalesce(sum(p.total_cents) filter (where ${statusIn(status, CAPTURED_STATUSES)}), 0) as captured_cents,
           coalesce(sum(p.fee_cents) filter (where ${statusIn(status, FEE_EARNING_STATUSES)}), 0) as fees_cents
    from ${windowsSql(days)} left join per_status p on p.name = w.name
    group by w.name`,
  );
}

/** Per window: refunds made in it (refunded_at), whichever day their order was created. */
function readRefunds(db: Database, days: string[]) {
  const end = new Date(dayStart(days.at(-1)!).getTime() + DAY_MS).toISOString();
  return rowsOf<{ name: OverviewWindow; count: number | string; cents: number | string }>(
    db,
    sql`
    select w.name, count(o.id) as count, coalesce(sum(o.total_cents), 0) as cents
    from ${windowsSql(days)}
    left join ${orders} o on o.refunded_at >= w.first_instant and o.refunded_at < ${end}::timestamptz and o.status = 'refunded'
    group by w.name`,
  );
}

/**
 * Per window: the delivered orders' average time from payment to delivery, and its 95th percentile as percentile_cont
 * computes it over the times (to the second): the values at ranks floor and ceil of 0.95 × (n − 1), interpolated, read
 * from the cumulative count of each second instead of sorting every order.
 */
function readDeliveryTimes(db: Database, days: string[]) {
  const today = days.at(-1)!;
  const p = DELIVERY_TIME_PERCENTILE;
  return rowsOf<{
    name: OverviewWindow;
    orders: number | string;
    average_seconds: number | string | null;
    percentile_seconds: number | string | null;
  }>(
    db,
    sql`
    with per_second as (
      select w.name, t.seconds, sum(t.orders) as orders, sum(t.total_ms) as total_ms
      from ${windowsSql(days)} join ${dailyDeliveryTimes} t on t.day between w.first_day and ${today}::date
      group by w.name, t.seconds
    ),
    cumulative as (
      select name, seconds, total_ms,
             sum(orders) over (partition by name order by seconds) as through,
             sum(orders) over (partition by name) as total
      from per_second
    ),
    ranks as (
      select name, max(total) as orders, sum(total_ms) as total_ms, max(${p} * (total - 1)) as position,
             min(seconds) filter (where through > floor(${p} * (total - 1))) as lower_value,
             min(seconds) filter (where through > ceil(${p} * (total - 1))) as upper_value
      from cumulative group by name
    )
    select w.name, coalesce(r.orders, 0) as orders, r.total_ms / r.orders / 1000.0 as average_seconds,
           r.lower_value + (r.position - floor(r.position)) * (r.upper_value - r.lower_value) as percentile_seconds
    from ${windowsSql(days)} left join ranks r on r.name = w.name`,
  );
}

/** Per window: the destinations (operators, or countries) with the most captured money, OVERVIEW_TOP_COUNT each. */
function readTopDestinations(db: Database, days: string[], by: 'country' | 'operator') {
  const today = days.at(-1)!;
  const keys = by === 'operator' ? sql`f.country_iso, f.operator_id` : sql`f.country_iso`;
  const tieBreak = by === 'operator' ? sql`operator_id` : sql`country_iso`;
  return rowsOf<{
    name: OverviewWindow;
    country_iso: string;
    operator_id?: number;
    operator_name?: string;
    orders: number | string;
    cents: number | string;
  }>(
    db,
    sql`
    with per_destination as (
      select w.name, ${keys}, ${by === 'operator' ? sql`max(f.operator_name) as operator_name,` : sql``}
             sum(f.orders) as orders, sum(f.total_cents) as cents
      from ${windowsSql(days)} join ${dailyOperatorFigures} f on f.day between w.first_day and ${today}::date
      group by w.name, ${keys}
    ),
    ranked as (select *, row_number() over (partition by name order by cents desc, orders desc, ${tieBreak}) as rank from per_destination)
    select * from ranked where rank <= ${OVERVIEW_TOP_COUNT} order by name, rank`,
  );
}

/** The 30 days one by one, oldest first: orders by status, captured totals and fees, the funnel and the declines. */
function readDays(db: Database, days: string[]) {
  const status = sql`s.status`;
  return rowsOf<{
    day: string;
    status_counts: OverviewDay['statusCounts'];
    captured_cents: number | string;
    fees_cents: number | string;
    started: number | string;
    paid: number | string;
    delivered: number | string;
    captured: number | string;
    declines: OverviewDay['declines'];
  }>(
    db,
    sql`
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(jsonb_object_agg(s.status, s.orders) filter (where s.status is not null), '{}'::jsonb) as status_counts,
           coalesce(sum(s.total_cents) filter (where ${statusIn(status, CAPTURED_STATUSES)}), 0) as captured_cents,
           coalesce(sum(s.fee_cents) filter (where ${statusIn(status, FEE_EARNING_STATUSES)}), 0) as fees_cents,
           coalesce(sum(s.orders), 0) as started,
           coalesce(sum(s.authorised), 0) as paid,
           coalesce(sum(s.delivered), 0) as delivered,
           coalesce(sum(s.orders) filter (where ${statusIn(status, CAPTURED_STATUSES)}), 0) as captured,
           (select coalesce(jsonb_object_agg(f.reason, f.orders), '{}'::jsonb) from ${dailyDeclineFigures} f where f.day = d.day) as declines
    from unnest(array[${sql.join(
      days.map((day) => sql`${day}`),
      sql`, `,
    )}]::date[]) as d(day)
    left join ${dailyStatusFigures} s on s.day = d.day
    group by d.day order by d.day`,
  );
}

const count = (value: number | string | null | undefined) => Number(value ?? 0);
const seconds = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 1000) / 1000;

/** The overview's figures at `now`: the day-by-day figures are brought up to date, then read. */
export async function adminOverview(
  db: Database,
  now: Date,
  declineAlert: DeclineAlertThresholds = DEFAULT_DECLINE_ALERT,
): Promise<Omit<AdminOverviewResponse, 'success'>> {
  const days = daysEndingOn(now, OVERVIEW_DAYS);
  await refreshDailyFigures(db, days, now);
  const [totals, refunds, times, countries, operators, dayRows, attentionCount, operatorHealth, declines] = await Promise.all([
    readWindowTotals(db, days),
    readRefunds(db, days),
    readDeliveryTimes(db, days),
    readTopDestinations(db, days, 'country'),
    readTopDestinations(db, days, 'operator'),
    readDays(db, days),
    countAttention(db, now),
    readOperatorHealth(db, now),
    declineRate(db, now, declineAlert),
  ]);
  const windows = Object.fromEntries(
    OVERVIEW_WINDOWS.map((name): [OverviewWindow, OverviewFigures] => {
      const total = totals.find((row) => row.name === name)!;
      const refund = refunds.find((row) => row.name === name)!;
      const time = times.find((row) => row.name === name)!;
      const delivered = count(total.delivered);
      const failed = count(total.failed);
      return [
        name,
        {
          from: days[days.length - OVERVIEW_WINDOW_DAYS[name]]!,
          orders: count(total.orders),
          statusCounts: Object.fromEntries(Object.entries(total.status_counts).map(([status, orders]) => [status, count(orders)])),
          deliveries: { delivered, failed, successRate: delivered + failed === 0 ? null : delivered / (delivered + failed) },
          captured: { orders: count(total.captured_orders), cents: count(total.captured_cents) },
          feesCents: count(total.fees_cents),
          refunds: { count: count(refund.count), cents: count(refund.cents) },
          deliveryTime: { orders: count(time.orders), averageSeconds: seconds(time.average_seconds), p95Seconds: seconds(time.percentile_seconds) },
          topCountries: countries
            .filter((row) => row.name === name)
            .map((row): OverviewDestination => ({ countryIso: row.country_iso, orders: count(row.orders), cents: count(row.cents) })),
          topOperators: operators
            .filter((row) => row.name === name)
            .map((row): OverviewOperator => ({
              countryIso: row.country_iso,
              operatorId: Number(row.operator_id),
              operatorName: row.operator_name!,
              orders: count(row.orders),
              cents: count(row.cents),
            })),
        },
      ];
    }),
  ) as Record<OverviewWindow, OverviewFigures>;
  return {
    today: days.at(-1)!,
    attentionCount,
    declineRate: declines,
    windows,
    days: dayRows.map((row) => ({
      day: row.day,
      statusCounts: Object.fromEntries(Object.entries(row.status_counts).map(([status, orders]) => [status, count(orders)])),
      capturedCents: count(row.captured_cents),
      feesCents: count(row.fees_cents),
      funnel: { started: count(row.started), paid: count(row.paid), delivered: count(row.delivered), captured: count(row.captured) },
      declines: Object.fromEntries(Object.entries(row.declines).map(([reason, orders]) => [reason, count(orders)])),
    })),
    operatorHealth,
  };
}
