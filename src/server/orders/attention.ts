import { and, count, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { ATTENTION_LONG_HOLD_MS, ATTENTION_STUCK_DELIVERY_MS, type AttentionReason } from '../../shared/api/admin';
import type { Database } from '../db/client';
import { deliveryReports, orders } from '../db/schema';
import { ATTENTION_REASONS } from './fulfilment';
import { DISPUTE_ATTENTION } from './payment-events';
import { MONEY_HELD_STATUSES, SETTLED_STATUSES, type OrderStatus } from './state-machine';

/**
 * Which orders wait for a person, why, and since when: the one classification behind the attention queue, its count
 * in the navigation, each order row's `attention` and the overview. An order has one reason, the first rule that
 * applies; `since` is when it started to need a person (for the time-based reasons, when the limit was passed).
 * updated_at is when the order last moved: the state machine sets it with every move and flag, and nothing else does.
 */

/**
 * A flag other than a dispute or a late delivery stops needing a person once the order is settled: the answer it
 * waited for came (an outcome unknown at the authorisation limit that was then delivered and captured, say).
 */
const SETTLED: readonly OrderStatus[] = SETTLED_STATUSES;
/**
 * Besides flagged orders (attention_since set) and orders with an open report, the rules apply only to orders in these
 * statuses (an indexed sieve).
 */
const QUEUE_STATUSES: readonly OrderStatus[] = [...MONEY_HELD_STATUSES, 'refund_failed'];

interface AttentionRule {
  reason: AttentionReason;
  applies: (now: Date) => SQL;
  since: SQL;
}

/** The order's open "It didn't arrive" report (at most one: a unique partial index), as sub-selects over `orders`. */
const openReport = sql`${deliveryReports.status} in ('reported', 'checking')`;
const hasOpenReport = sql`exists (select 1 from ${deliveryReports} where ${deliveryReports.orderId} = ${orders.id} and ${openReport})`;
const openReportSince = sql`(select ${deliveryReports.createdAt} from ${deliveryReports} where ${deliveryReports.orderId} = ${orders.id} and ${openReport})`;

const flaggedWith = (note: string) => sql`${orders.attentionReason} = ${note}`;
const statusIn = (statuses: readonly string[]) => inArray(orders.status, [...statuses]);
const before = (now: Date, ms: number) => sql.param(new Date(now.getTime() - ms), orders.updatedAt);
const plus = (time: SQL, ms: number) => sql`${time} + ${`${ms} milliseconds`}::interval`;

/** In order: the first rule that applies gives the order's reason. */
const RULES: readonly AttentionRule[] = [
  { reason: 'dispute', applies: () => flaggedWith(DISPUTE_ATTENTION), since: sql`${orders.attentionSince}` },
  { reason: 'refund_failed', applies: () => sql`${orders.status} = 'refund_failed'`, since: sql`${orders.updatedAt}` },
  // ADR 007: delivered after its hold was released (by a person, or because it lapsed before the capture), so the
  // customer was not charged for a top-up that went out.
  {
    reason: 'late_delivery',
    applies: () => sql`(${flaggedWith(ATTENTION_REASONS.lateDelivery)} or ${flaggedWith(ATTENTION_REASONS.holdLapsed)})`,
    since: sql`${orders.attentionSince}`,
  },
  { reason: 'capture_failed', applies: () => sql`${orders.status} = 'capture_failed'`, since: sql`${orders.updatedAt}` },
  // ADR 023: the customer says the top-up did not arrive; a person checks it with the operator.
  { reason: 'delivery_report', applies: () => hasOpenReport, since: openReportSince },
  {
    reason: 'flagged',
    applies: () => and(isNotNull(orders.attentionReason), notInArray(orders.status, [...SETTLED]))!,
    since: sql`${orders.attentionSince}`,
  },
  {
    reason: 'delivery_stuck',
    applies: (now) => sql`${statusIn(['delivering', 'delivery_pending'])} and ${orders.updatedAt} <= ${before(now, ATTENTION_STUCK_DELIVERY_MS)}`,
    since: plus(sql`${orders.updatedAt}`, ATTENTION_STUCK_DELIVERY_MS),
  },
  {
    reason: 'long_hold',
    applies: (now) => sql`${statusIn(MONEY_HELD_STATUSES)} and ${orders.authorisedAt} <= ${before(now, ATTENTION_LONG_HOLD_MS)}`,
    since: plus(sql`${orders.authorisedAt}`, ATTENTION_LONG_HOLD_MS),
  },
];

function firstRule(now: Date, value: (rule: AttentionRule) => SQL): SQL {
  return sql`(case ${sql.join(
    RULES.map((rule) => sql`when ${rule.applies(now)} then ${value(rule)}`),
    sql` `,
  )} end)`;
}

/** The order's reason (an AttentionReason), or null when it needs nobody; an expression over `orders`. */
export function attentionReasonSql(now: Date): SQL<AttentionReason | null> {
  return firstRule(now, (rule) => sql`${rule.reason}::text`) as SQL<AttentionReason | null>;
}

/** Since when the order needs a person, or null; an expression over `orders`. */
export function attentionSinceSql(now: Date): SQL<Date | null> {
  return firstRule(now, (rule) => rule.since).mapWith(orders.attentionSince) as SQL<Date | null>;
}

/**
 * The orders in the queue, as a condition on `orders` that indexes answer: flagged or in a queue status (the orders'
 * indexes), or with an open report (the reports' partial index). A union in a sub-select, not an OR: PostgreSQL answers
 * an OR holding a sub-select by reading every order.
 */
export function needsAttention(now: Date): SQL {
  const sieve = sql`${orders.id} in (
    select ${orders.id} from ${orders} where ${or(isNotNull(orders.attentionSince), statusIn(QUEUE_STATUSES))}
    union all
    select ${deliveryReports.orderId} from ${deliveryReports} where ${openReport}
  )`;
  return and(sieve, sql`${attentionReasonSql(now)} is not null`)!;
}

export async function countAttention(db: Database, now: Date): Promise<number> {
  const [row] = await db.select({ count: count() }).from(orders).where(needsAttention(now));
  return row?.count ?? 0;
}
