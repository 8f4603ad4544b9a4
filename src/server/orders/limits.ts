import { and, eq, gt, max, ne, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { formatUsd, type FeeConfig } from '../../shared/pricing';
import { ruleFeeColumns, type Corridor } from '../catalog/fee-rules';
import { feeConfigOf, storedFeeColumns } from '../catalog/price-config';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { orders } from '../db/schema';
import { DomainError } from '../domain-error';
import { referralOfferColumns, referralOfferOf, type ReferralOffer, type ReferralOfferRow } from './referral-pricing';
import { currentDailySpendLimitCents, currentRecipientCooldownMinutes, type ServiceLimits } from './service-limits';
import { MONEY_HELD_STATUSES, PAID_STATUSES, type OrderStatus, type PreparedGuard } from './state-machine';

export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** Orders that took, or hold, the customer's money (a refunded one gave it back). */
export const SPENDING_STATUSES: OrderStatus[] = [...MONEY_HELD_STATUSES, ...PAID_STATUSES];

/**
 * `= any('{…}'::text[])`: a list of statuses (the code's own constants) as one array literal, where `in (…)` takes a
 * parameter for each, and Drizzle builds one piece of SQL for each, on every call of these hot statements.
 */
const isAnyOf = (statuses: readonly OrderStatus[]) => sql.raw(`= any('{${statuses.join(',')}}'::text[])`);

export interface LimitCheck {
  userId: string;
  countryIso: string;
  recipientPhone: string;
  totalCents: number;
  /** The order being retried, if any: it does not count against itself. */
  orderKey: string;
  now: Date;
  /** The limits in force (as this instance read them at most a few seconds ago). */
  limits: ServiceLimits;
}

/**
 * No other order for the same number was authorised within the wait between two top-ups of a number, as saved last
 * (2 minutes by default). Read without locking: it tells which of the conditions of withinAuthorisationLimits refused
 * an order, once that guard has.
 */
export function recipientNotRecentlyToppedUp(now: Date, defaults: ServiceLimits): SQL {
  const since = sql`${sql.param(now, orders.authorisedAt)}::timestamptz - make_interval(mins => ${currentRecipientCooldownMinutes(defaults)})`;
  return sql`not exists (
    select 1 from orders other
    where other.country_iso = orders.country_iso and other.recipient_phone = orders.recipient_phone and other.id <> orders.id
      and other.status ${isAnyOf(SPENDING_STATUSES)} and other.authorised_at > ${since}
  )`;
}

/**
 * Both conditions for `created → authorised` in one guard that holds when authorisations of the same user or the same
 * number run side by side, on one instance or several: the sub-select locks, in id order, every order the two
 * conditions read (the user's orders of the last 24 hours, and the number's orders that are unpaid or were authorised
 * within the wait), this one included. An authorisation that meets a row another one has locked waits for it to commit
 * and then reads that row as committed (PostgreSQL re-reads a row it waited for), so of two orders for one number only
 * the first is authorised, and two of one user cannot both fit in the room left for one. One lock set taken in one
 * order means two authorisations never deadlock; orders created while the statement runs are unseen, and those cannot
 * have been paid within it.
 */
export function withinAuthorisationLimits(now: Date, defaults: ServiceLimits): PreparedGuard {
  return {
    name: 'authorisation-limits',
    build: authorisationLimitsSql,
    values: {
      'limits.now': now.toISOString(),
      'limits.since': new Date(now.getTime() - DAY_MS).toISOString(),
      'limits.cooldownMinutes': defaults.recipientCooldownMinutes,
      'limits.dailySpendLimitCents': defaults.dailySpendLimitCents,
    },
  };
}

/** withinAuthorisationLimits' SQL, its values as placeholders. */
function authorisationLimitsSql(): SQL {
  const value = (name: string) => sql.placeholder(`limits.${name}`);
  const since = sql`${value('since')}::timestamptz`;
  const cooldownMinutes = currentRecipientCooldownMinutes({ recipientCooldownMinutes: sql`${value('cooldownMinutes')}::integer` });
  const waitStarted = sql`${value('now')}::timestamptz - make_interval(mins => ${cooldownMinutes})`;
  const dailySpendLimitCents = currentDailySpendLimitCents({ dailySpendLimitCents: sql`${value('dailySpendLimitCents')}::integer` });
  const spending = isAnyOf(SPENDING_STATUSES);
  const spendingOrUnpaid = isAnyOf(['created', ...SPENDING_STATUSES]);
  // `orders` is the order being authorised: the guard reads its own row's user and number, as stored.
  const sameNumber = sql`o.country_iso = orders.country_iso and o.recipient_phone = orders.recipient_phone`;
  return sql`(
    select coalesce(sum(r.total_cents) filter (where r.user_id = orders.user_id and r.created_at > ${since} and r.status ${spending}), 0)
             + orders.total_cents <= ${dailySpendLimitCents}
       and not coalesce(bool_or(r.id <> orders.id and r.same_number and r.status ${spending} and r.authorised_at > ${waitStarted}), false)
    from (
      select o.id, o.user_id, o.status, o.total_cents, o.created_at, o.authorised_at, (${sameNumber}) as same_number from orders o
      where (o.user_id = orders.user_id and o.created_at > ${since})
         or (${sameNumber} and o.status ${spendingOrUnpaid} and (o.authorised_at is null or o.authorised_at > ${waitStarted}))
      order by o.id
      for update
    ) r
  )`;
}

/** What a checkout reads from the database before it creates anything, in one round trip. */
export interface CheckoutFacts {
  /** The fees in force, read now (a change an admin saved applies to the next checkout, on every instance). */
  fees: FeeConfig;
  /**
   * The user's order with this order key (another user's never), when the click is a retry; its limits were checked
   * when it was made, and the retry is not counted against the request limits.
   */
  existingOrderId: string | null;
  /** When the latest other order for the same number that took or holds money within the wait was made; null: none. */
  latestTopupAt: Date | null;
  /** What the user's card paid, or holds, for other orders of the last 24 hours. */
  spentCents: number;
  /** The keys the statement sent along (`counting`) returned: the request limits it counted. */
  counted: ReadonlySet<string>;
  /** What refer a friend offers this customer now (ADR 070): the welcome discount, the credit left. */
  referral: ReferralOffer;
}

/** The checkout-facts statement's row, as the drivers give it. */
interface CheckoutFactsRow extends ReferralOfferRow {
  airtime_fee: string | null;
  standard_fee: string | null;
  rule_airtime_fee: string | null;
  rule_standard_fee: string | null;
  existing: string | null;
  latest: Date | string | null;
  spent: string | number;
  counted: string[];
}

/**
 * Reads, in one statement, the fees, the order a retried click made and what the limits of a new one need; with
 * `counting`, a statement returning `{ key }` rows (the request limits' count), run in the same round trip. The
 * count is given the condition "this user has an order under this key": a retry counts nothing (`counted` is empty and
 * `existingOrderId` set), as both are read in the statement's one snapshot.
 */
export async function readCheckoutFacts(
  db: Database,
  check: Omit<LimitCheck, 'totalCents'> & { corridor: Corridor },
  counting?: (unless: SQL) => SQLWrapper,
): Promise<CheckoutFacts> {
  /** Orders matching `conditions` that took or hold money and were created in the last `windowMs`. */
  const spendingWithin = (windowMs: number, ...conditions: SQL[]) =>
    and(...conditions, sql`${orders.status} ${isAnyOf(SPENDING_STATUSES)}`, gt(orders.createdAt, new Date(check.now.getTime() - windowMs)));
  const existing = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, check.userId), eq(orders.orderKey, check.orderKey)));
  const latestTopup = db
    .select({ at: max(orders.createdAt) })
    .from(orders)
    .where(
      spendingWithin(
        check.limits.recipientCooldownMinutes * MINUTE_MS,
        eq(orders.countryIso, check.countryIso),
        eq(orders.recipientPhone, check.recipientPhone),
      ),
    );
  const spentToday = db
    .select({ cents: sql`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(spendingWithin(DAY_MS, eq(orders.userId, check.userId), ne(orders.orderKey, check.orderKey)));
  const counted = counting ? sql`(select coalesce(array_agg(key), '{}') from counted)` : sql`'{}'::text[]`;
  const rule = ruleFeeColumns(check.corridor);
  // A select without FROM: always one row.
  const [row] = (await rowsOf<CheckoutFactsRow>(
    db,
    sql`${counting ? sql`with counted as (${counting(sql`exists (${existing})`).getSQL()}) ` : sql``}select ${storedFeeColumns.airtimeFee} as airtime_fee,
               ${storedFeeColumns.standardFee} as standard_fee, ${rule.airtimeFee} as rule_airtime_fee,
               ${rule.standardFee} as rule_standard_fee, (${existing}) as existing, (${latestTopup}) as latest,
               (${spentToday}) as spent, ${counted} as counted, ${referralOfferColumns(sql`${check.userId}`)}`,
  )) as [CheckoutFactsRow];
  return {
    // The most specific fee rule of the corridor (both of its columns are set together), else the global fee.
    fees:
      row.rule_airtime_fee !== null && row.rule_standard_fee !== null
        ? feeConfigOf({ airtimeFee: row.rule_airtime_fee, standardFee: row.rule_standard_fee })
        : feeConfigOf({ airtimeFee: row.airtime_fee, standardFee: row.standard_fee }),
    existingOrderId: row.existing,
    latestTopupAt: row.latest === null ? null : new Date(row.latest),
    spentCents: Number(row.spent),
    counted: new Set(row.counted),
    referral: referralOfferOf(row),
  };
}

/** Refuses (429 / 403) a checkout that would top up a number again within the wait between top-ups, or pass the 24-hour cap. */
export function refuseOverLimits(facts: CheckoutFacts, check: Pick<LimitCheck, 'totalCents' | 'limits' | 'now'>): void {
  if (facts.latestTopupAt) {
    // The number is free again when the wait has passed since that order: Retry-After says when.
    const freeAt = facts.latestTopupAt.getTime() + check.limits.recipientCooldownMinutes * MINUTE_MS;
    throw new DomainError(
      'rate_limited',
      'RECIPIENT_RECENTLY_TOPPED_UP',
      { key: 'apiErrors.recipientRecentlyToppedUp', params: { minutes: check.limits.recipientCooldownMinutes } },
      { retryAfterSeconds: (freeAt - check.now.getTime()) / 1000 },
    );
  }
  const { dailySpendLimitCents } = check.limits;
  if (facts.spentCents + check.totalCents > dailySpendLimitCents) {
    const left = Math.max(0, dailySpendLimitCents - facts.spentCents);
    throw new DomainError('forbidden', 'DAILY_LIMIT_REACHED', {
      key: 'apiErrors.dailyLimitReached',
      params: { limit: `$${formatUsd(dailySpendLimitCents)}`, left: `$${formatUsd(left)}` },
    });
  }
}
