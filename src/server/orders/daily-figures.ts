import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import {
  dailyDeclineFigures,
  dailyDeliveryTimes,
  dailyFiguresChecks,
  dailyFiguresDays,
  dailyOperatorFigures,
  dailySettlementFigures,
  dailyStatusFigures,
  dailyWalletFigures,
  orders,
  walletBalanceReadings,
  walletDifferences,
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
/**
 * The fees we keep: those of orders paid and not refunded (a refund gives the whole total back), less what a promo code
 * took off (ADR 067).
 */
export const FEE_EARNING_STATUSES: readonly OrderStatus[] = PAID_STATUSES;

/**
 * How far before the last look the orders' moves are looked at again. A move is stamped by its server's clock just before
 * it is written, so one that commits a little later, or comes from a server whose clock is a little behind, is still seen.
 */
export const MOVES_MARGIN_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The check row every look locks, so that looks are taken in turn whatever their window; it also keeps the 30 days' last look. */
const CHECK_ROW = 1;
/**
 * How many days of figures are kept: the longest window looked at (the settlement's, SETTLEMENT_WINDOW_DAYS). Each
 * window keeps its own last look (its check row is its length in days, the overview's 30 sharing CHECK_ROW's).
 */
export const KEPT_DAYS = 731;
const DAILY_TABLES = [dailyStatusFigures, dailyOperatorFigures, dailyDeliveryTimes, dailyDeclineFigures, dailySettlementFigures, dailyWalletFigures];

/** The memory each step of the add-up may use: a busy day's orders (13,000, about 7 MB as read) fit in it. */
const ADD_UP_WORK_MEM = '32MB';

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
 * records when, in one statement that also records the wallet differences their top-ups show (raiseWalletDifferences)
 * and answers those seen for the first time. Each day's time to delivery is kept to the tenth of a second, rounded up,
 * with the exact sum in milliseconds for the average. The days' old figures are deleted first (dropStaleFigures).
 */
async function addUp(db: Database, days: string[], now: Date): Promise<WalletDifferenceRaised[]> {
  const took = sql`greatest(delivered_at - authorised_at, interval '0')`;
  const charged = statusIn(sql`status`, CAPTURED_STATUSES);
  return rowsOf<WalletDifferenceRaised>(
    db,
    sql`
    with day_orders as materialized (
      select d.day, o.id, o.status, o.total_cents, o.percentage_fee_cents + o.standard_fee_cents - o.discount_cents as fee_cents, o.claimed_at,
             o.operator_id, o.country_iso, o.operator_name, o.authorised_at, o.delivered_at,
             o.provider_cost_cents, o.processor_fee_cents, o.dispute_fee_cents, o.disputed_cents, o.disputed_at,
             o.wallet_balance_after, o.wallet_debit, coalesce(o.wallet_currency_code, 'USD') as wallet_currency,
             coalesce(o.wallet_usd_rate, 1) as wallet_usd_rate, o.decline_code, o.wallet_currency_code, o.wallet_debit_expected
      from unnest(${dateArray(days)}) as d(day)
      join ${orders} o on o.created_at >= d.day::timestamp at time zone 'UTC' and o.created_at < (d.day + 1)::timestamp at time zone 'UTC'
    ),
    day_money as (
      select day, country_iso, operator_id, operator_name, status, fee_cents, disputed_at,
             case when ${charged} then total_cents else 0 end as captured,
             case when status = 'refunded' then total_cents else 0 end as refunded,
             coalesce(disputed_cents, 0) as disputed,
             coalesce(processor_fee_cents, 0) + coalesce(dispute_fee_cents, 0) as processor_fees,
             coalesce(provider_cost_cents, 0) as provider_cost
      from day_orders where ${charged} or coalesce(provider_cost_cents, 0) <> 0 or disputed_at is not null
    ),
    by_settlement as (
      insert into ${dailySettlementFigures} (day, country_iso, operator_id, operator_name, orders_completed, orders_refunded,
        orders_disputed, captured_cents, refunded_cents, disputed_cents, processor_fee_cents, provider_cost_cents,
        fees_charged_cents, margin_cents)
      select day, country_iso, operator_id, max(operator_name), count(*) filter (where captured > 0),
             count(*) filter (where status = 'refunded'), count(disputed_at), sum(captured), sum(refunded), sum(disputed),
             sum(processor_fees), sum(provider_cost), sum(case when ${statusIn(sql`status`, FEE_EARNING_STATUSES)} then fee_cents else 0 end),
             sum(captured - refunded - disputed - provider_cost - processor_fees)
      from day_money group by day, country_iso, operator_id
    ),
    wallet_debits as (
      select day, delivered_at, id, wallet_currency, wallet_usd_rate,
             wallet_balance_after::numeric as after, wallet_debit::numeric as debit
      from day_orders where wallet_balance_after is not null and wallet_debit > 0
    ),
    wallet_events as (
      select day, delivered_at as at, id::text as id, wallet_currency, wallet_usd_rate as rate, after + debit as before, after, debit
      from wallet_debits
      union all
      -- The balance as the business checks read it (ADR 062): a day without top-ups still has a start and an end.
      select d.day, r.read_at, 'reading-' || r.id, r.currency_code,
             case when r.usd_cents is not null and r.balance > 0 then r.usd_cents / 100.0 / r.balance end, r.balance, r.balance, 0
      from unnest(${dateArray(days)}) as d(day)
      join ${walletBalanceReadings} r on r.read_at >= d.day::timestamp at time zone 'UTC' and r.read_at < (d.day + 1)::timestamp at time zone 'UTC'
    ),
    by_wallet as (
      insert into ${dailyWalletFigures} (day, currency_code, start_balance, end_balance, debits, difference_cents)
      select day, currency, start_balance, end_balance, debits, round((start_balance - end_balance - debits) * coalesce(rate, 1) * 100)
      from (
        select day, max(wallet_currency) as currency,
               (array_agg(before order by at, id))[1] as start_balance,
               (array_agg(after order by at desc, id desc))[1] as end_balance,
               sum(debit) as debits,
               (array_agg(rate order by at desc, id desc) filter (where rate is not null))[1] as rate
        from wallet_events group by day
      ) as wallet_days
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
      select day, ceil(extract(epoch from ${took}) * 10) / 10, count(*), sum(round(extract(epoch from ${took}) * 1000))::bigint
      from day_orders where authorised_at is not null and delivered_at is not null group by 1, 2
    ),
    by_day as (
      insert into ${dailyFiguresDays} (day, computed_at) select unnest(${dateArray(days)}), ${now.toISOString()}::timestamptz
      on conflict (day) do update set computed_at = excluded.computed_at
    ),
    ${walletDifferencesFound(now)}`,
  );
}

/**
 * The closed days among `closed` to add up again: those never added up, and those with an order that moved (or was
 * created) at `since` or later; every one when `since` is null.
 */
async function staleDays(db: Database, closed: string[], since: Date | null): Promise<string[]> {
  if (closed.length === 0) return [];
  const moved = since
    ? sql`d.day in (select (${orders.createdAt} at time zone 'UTC')::date from ${orders}
        where ${orders.updatedAt} >= ${since.toISOString()}::timestamptz
          and ${orders.createdAt} >= ${dayStart(closed[0]!).toISOString()}::timestamptz
          and ${orders.createdAt} < ${new Date(dayStart(closed.at(-1)!).getTime() + DAY_MS).toISOString()}::timestamptz)`
    : sql`true`;
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select to_char(d.day, 'YYYY-MM-DD') as day from unnest(${dateArray(closed)}) as d(day)
        where not exists (select 1 from ${dailyFiguresDays} k where k.day = d.day) or ${moved}
        order by d.day`,
  );
  return rows.map((row) => row.day);
}

/** Deletes, in one statement, the figures of `days` (to be added up again) and every figure of a day before `oldest`. */
async function dropStaleFigures(db: Database, days: string[], oldest: string): Promise<void> {
  const deletes = [...DAILY_TABLES, dailyFiguresDays].map(
    (table, index) =>
      sql`${sql.raw(`dropped_${index}`)} as (delete from ${table} where ${
        table === dailyFiguresDays ? sql`false` : sql`day = any(${dateArray(days)})`
      } or day < ${oldest}::date)`,
  );
  await db.execute(sql`with ${sql.join(deletes, sql`, `)} select 1`);
}

/**
 * Brings the figures of `days` (oldest first, ending with today) up to date: days never added up, days with an order
 * that moved since the last look (less MOVES_MARGIN_MS), and today. Looks are taken in turn, under the lock of the one
 * check row, so that a look never records as checked what another has not yet added up. A clock that went back further
 * than the margin (the last look was later than now) adds every day up again. Days before `days` are dropped.
 * Six statements whatever the days (ADR 071). The lock's statement also sets the transaction's JIT compilation off
 * (PostgreSQL estimates a day's orders ten times too many, and compiling the add-up cost more than running it) and its
 * work_mem to ADD_UP_WORK_MEM (a day's orders then stay in memory and are added up by hashing, not sorted on disk).
 */
export async function refreshDailyFigures(db: Database, days: string[], now: Date): Promise<WalletDifferenceRaised[]> {
  const today = days.at(-1)!;
  const closed = days.slice(0, -1);
  // The overview's 30 days keep their last look in CHECK_ROW, as before; another window in the row of its length.
  const windowRow = days.length === 30 ? CHECK_ROW : days.length;
  return db.transaction(async (tx) => {
    // A window's first look finds every day moved (the days another window added up may be stale for it).
    const rows =
      windowRow === CHECK_ROW
        ? sql`(${CHECK_ROW}, ${now.toISOString()}::timestamptz)`
        : sql`(${CHECK_ROW}, ${now.toISOString()}::timestamptz), (${windowRow}, 'epoch'::timestamptz)`;
    await tx.execute(sql`insert into ${dailyFiguresChecks} (id, checked_at) values ${rows} on conflict do nothing`);
    const checks = await rowsOf<{ id: number; checked_at: string | Date }>(
      tx,
      sql`select id, checked_at, set_config('jit', 'off', true), set_config('work_mem', ${ADD_UP_WORK_MEM}, true) from ${dailyFiguresChecks}
          where id in (${CHECK_ROW}, ${windowRow}) order by id for update`,
    );
    const lastLook = new Date(checks.find((row) => row.id === windowRow)!.checked_at);
    const since =
      lastLook.getTime() - now.getTime() > MOVES_MARGIN_MS ? null : new Date(Math.min(lastLook.getTime(), now.getTime()) - MOVES_MARGIN_MS);
    const stale = await staleDays(tx, closed, since);
    const oldest = utcDay(new Date(dayStart(today).getTime() - (KEPT_DAYS - 1) * DAY_MS));
    await dropStaleFigures(tx, [...stale, today], oldest);
    const raised = await addUp(tx, [...stale, today], now);
    await tx.update(dailyFiguresChecks).set({ checkedAt: now }).where(eq(dailyFiguresChecks.id, windowRow));
    return raised;
  });
}

/** A wallet difference seen for the first time (walletDifferences). */
export interface WalletDifferenceRaised {
  orderId: string;
  kind: 'unexplained' | 'order_debit';
  amountCents: number;
}

/** Two wallet figures closer than this (half a cent of the wallet's currency) are the same. */
const SAME_AMOUNT = 0.005;

/**
 * The end of addUp's statement: records the wallet differences the top-ups of its days show (read from its day_orders),
 * each once (its key), and answers those seen for the first time. Between debits the wallet only goes down, so the
 * order of its reports is the order of their balances (highest first), whatever our clocks say: each balance should be
 * the one before less the order's debit (`unexplained` otherwise, the amount the wallet lost beyond it). An order whose
 * debit is not its requested amount less its discount is an `order_debit` difference. A top-up of the wallet between
 * two orders shows as a difference too, for a person.
 */
function walletDifferencesFound(now: Date) {
  return sql`
    debits as (
      select day, id, wallet_debit::numeric as debit, wallet_debit_expected::numeric as expected,
             wallet_balance_after::numeric as after, wallet_usd_rate as rate,
             lag(id) over chain as previous_id, lag(wallet_balance_after::numeric) over chain as previous_after
      from day_orders
      where wallet_balance_after is not null and wallet_debit > 0
      window chain as (partition by day, wallet_currency_code order by wallet_balance_after::numeric desc, id)
    ),
    found as (
      select id, 'unexplained' as kind, previous_id, day, previous_after - debit - after as amount, rate from debits
      where previous_id is not null and abs(previous_after - debit - after) > ${SAME_AMOUNT}
      union all
      select id, 'order_debit', null, day, debit - expected, rate from debits
      where expected is not null and abs(debit - expected) > ${SAME_AMOUNT}
    )
    insert into ${walletDifferences} (order_id, kind, previous_order_id, day, amount, amount_cents, raised_at)
    select id, kind, previous_id, day, amount, round(amount * rate * 100), ${now.toISOString()}::timestamptz from found
    on conflict do nothing
    returning order_id as "orderId", kind, amount_cents::int as "amountCents"`;
}
