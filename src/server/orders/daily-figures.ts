import { eq, inArray, lt, sql, type SQLWrapper } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import {
  dailyDeclineFigures,
  dailyDeliveryTimes,
  dailyFiguresChecks,
  dailyFiguresDays,
  dailyOperatorFigures,
  dailyStatusFigures,
  orders,
} from '../db/schema';
import { PAID_STATUSES } from './state-machine';

/**
 * The console's figures added up per UTC day of the orders' creation, so that the overview reads a few hundred rows
 * instead of the orders of 30 days (docs/decisions/013-console-figures.md). A closed day is added up once, and again
 * whenever one of its orders moves (the state machine stamps every move in updated_at); today is added up at every look.
 */

/** Delivered to the recipient: the provider confirmed the top-up, whatever became of the payment after. */
export const DELIVERED_STATUSES: readonly OrderStatus[] = ['delivered', 'completed', 'capture_failed', 'refunding', 'refund_failed', 'refunded'];
/** Not delivered after a top-up was sent: refused by the provider, then its hold released (canceled). */
export const UNDELIVERED_STATUSES: readonly OrderStatus[] = ['delivery_failed', 'canceled'];
/** The card was charged: captured, whether or not the money was given back since. */
export const CAPTURED_STATUSES: readonly OrderStatus[] = ['completed', 'refunding', 'refund_failed', 'refunded'];
/** The fees we keep: those of orders paid and not refunded (a refund gives the whole total back). */
export const FEE_EARNING_STATUSES: readonly OrderStatus[] = PAID_STATUSES;

/**
 * How far before the last look the orders' moves are looked at again. A move is stamped by its server's clock just before
 * it is written, so one that commits a little later, or comes from a server whose clock is a little behind, is still seen.
 */
export const MOVES_MARGIN_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_ROW = 1;

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);
/** The first instant of a UTC day. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The `count` UTC days that end with the day of `now`, oldest first. */
export function daysEndingOn(now: Date, count: number): string[] {
  const today = dayStart(utcDay(now)).getTime();
  return Array.from({ length: count }, (_, index) => utcDay(new Date(today - (count - 1 - index) * DAY_MS)));
}

/** `column in (…statuses)`. */
export const statusIn = (column: SQLWrapper, statuses: readonly OrderStatus[]) =>
  sql`${column} in (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;

const dateArray = (days: string[]) =>
  sql`array[${sql.join(
    days.map((day) => sql`${day}`),
    sql`, `,
  )}]::date[]`;

/**
 * Adds up `days` again from the orders as they stand, in one pass over each day's orders (read by created_at), and
 * records when. Each day's time to delivery is kept to the second, with the exact sum in milliseconds for the average.
 */
async function addUp(db: Database, days: string[], now: Date): Promise<void> {
  if (days.length === 0) return;
  for (const table of [dailyStatusFigures, dailyOperatorFigures, dailyDeliveryTimes, dailyDeclineFigures]) {
    await db.delete(table).where(inArray(table.day, days));
  }
  const took = sql`greatest(delivered_at - authorised_at, interval '0')`;
  await db.execute(sql`
    with day_orders as materialized (
      select d.day, o.status, o.total_cents, o.percentage_fee_cents + o.standard_fee_cents as fee_cents, o.claimed_at,
             o.operator_id, o.country_iso, o.operator_name, o.authorised_at, o.delivered_at, o.decline_code
      from unnest(${dateArray(days)}) as d(day)
      join ${orders} o on o.created_at >= d.day::timestamp at time zone 'UTC' and o.created_at < (d.day + 1)::timestamp at time zone 'UTC'
    ),
    by_status as (
      insert into ${dailyStatusFigures} (day, status, orders, total_cents, fee_cents, deliveries_sent, authorised, delivered)
      select day, status, count(*), sum(total_cents), sum(fee_cents), count(claimed_at), count(authorised_at), count(delivered_at)
      from day_orders group by day, status
    ),
    by_decline as (
      insert into ${dailyDeclineFigures} (day, reason, orders)
      select day, coalesce(decline_code, 'unknown'), count(*) from day_orders where status = 'declined' group by 1, 2
    ),
    by_operator as (
      insert into ${dailyOperatorFigures} (day, operator_id, country_iso, operator_name, orders, total_cents)
      select day, operator_id, country_iso, max(operator_name), count(*), sum(total_cents)
      from day_orders where ${statusIn(sql`status`, CAPTURED_STATUSES)} group by day, operator_id, country_iso
    ),
    by_time as (
      insert into ${dailyDeliveryTimes} (day, seconds, orders, total_ms)
      select day, round(extract(epoch from ${took}))::int, count(*), sum(round(extract(epoch from ${took}) * 1000))::bigint
      from day_orders where authorised_at is not null and delivered_at is not null group by 1, 2
    )
    insert into ${dailyFiguresDays} (day, computed_at) select unnest(${dateArray(days)}), ${now.toISOString()}::timestamptz
    on conflict (day) do update set computed_at = excluded.computed_at`);
}

/** The closed days among `days` with an order that moved (or was created) at `since` or later. */
async function daysMovedSince(db: Database, days: string[], since: Date): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`
    select distinct to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD') as day from ${orders}
    where ${orders.updatedAt} >= ${since.toISOString()}::timestamptz
      and ${orders.createdAt} >= ${dayStart(days[0]!).toISOString()}::timestamptz
      and ${orders.createdAt} < ${new Date(dayStart(days.at(-1)!).getTime() + DAY_MS).toISOString()}::timestamptz`,
  );
  return rows.map((row) => row.day);
}

/**
 * Brings the figures of `days` (oldest first, ending with today) up to date: days never added up, days with an order
 * that moved since the last look (less MOVES_MARGIN_MS), and today. Looks are taken in turn, under the lock of the one
 * check row, so that a look never records as checked what another has not yet added up. A clock that went back further
 * than the margin (the last look was later than now) adds every day up again. Days before `days` are dropped.
 */
export async function refreshDailyFigures(db: Database, days: string[], now: Date): Promise<void> {
  const today = days.at(-1)!;
  const closed = days.slice(0, -1);
  await db.transaction(async (tx) => {
    await tx.insert(dailyFiguresChecks).values({ id: CHECK_ROW, checkedAt: now }).onConflictDoNothing();
    const [check] = await tx.select().from(dailyFiguresChecks).where(eq(dailyFiguresChecks.id, CHECK_ROW)).for('update');
    const lastLook = check!.checkedAt;
    const known = new Set(
      (await tx.select({ day: dailyFiguresDays.day }).from(dailyFiguresDays).where(inArray(dailyFiguresDays.day, closed))).map((row) => row.day),
    );
    let stale: string[];
    if (lastLook.getTime() - now.getTime() > MOVES_MARGIN_MS) {
      stale = closed;
    } else {
      const since = new Date(Math.min(lastLook.getTime(), now.getTime()) - MOVES_MARGIN_MS);
      const moved = new Set(known.size && closed.length ? await daysMovedSince(tx, closed, since) : []);
      stale = closed.filter((day) => !known.has(day) || moved.has(day));
    }
    await addUp(tx, [...stale, today], now);
    for (const table of [dailyStatusFigures, dailyOperatorFigures, dailyDeliveryTimes, dailyDeclineFigures, dailyFiguresDays]) {
      await tx.delete(table).where(lt(table.day, days[0]!));
    }
    await tx.update(dailyFiguresChecks).set({ checkedAt: now }).where(eq(dailyFiguresChecks.id, CHECK_ROW));
  });
}
