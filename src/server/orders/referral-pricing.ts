import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/api/orders';
import { formatUsd, type TopUpPrice } from '../../shared/pricing';
import { REFERRAL_DEFAULTS } from '../../shared/referral';
import { applyPromo, MINIMUM_CHARGE_CENTS, withoutPromo, type DiscountedPrice } from '../../shared/promo';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { orders, referralCredits, referrals, referralSettings } from '../db/schema';
import { DomainError } from '../domain-error';
import { UNCOUNTED_STATUSES, type AppliedPromo } from './promo-codes';

/*
 * Refer a friend at the review and the checkout (docs/decisions/070-refer-a-friend.md): the friend's welcome discount on
 * their first top-up and the referrer's credit on their next orders, priced here alone. The facts come from the
 * checkout's own statement (readCheckoutFacts adds referralOfferColumns), so a checkout pays no extra round trip.
 */

/** Orders that give back the credit they used: those that ended without a capture, and those refunded. */
export const CREDIT_GIVEN_BACK_STATUSES: readonly OrderStatus[] = [...UNCOUNTED_STATUSES, 'refunded'];
/** Orders that were never paid, or ended unpaid: a friend with only these has not had their first top-up yet. */
const UNPAID_STATUSES: readonly OrderStatus[] = ['created', ...UNCOUNTED_STATUSES];

const noneOf = (statuses: readonly OrderStatus[]) => sql.raw(`<> all('{${statuses.join(',')}}'::text[])`);

/** What a customer's next order may take from refer a friend. */
export interface ReferralOffer {
  /** The referral whose welcome discount this customer's first top-up takes; null when none is due. */
  welcomeReferralId: number | null;
  friendDiscountCents: number;
  /** The credit left: the grants, less what orders that took or hold money used. */
  creditCents: number;
}

/**
 * The offer's columns, for a statement that names the customer by `userId` (a placeholder or a value). The welcome
 * discount is due while the friend's referral is not refused, no order of theirs was paid, and no open order holds it.
 */
export function referralOfferColumns(userId: SQL): SQL {
  return sql`(select ${referrals.id} from ${referrals} where ${referrals.friendId} = ${userId} and ${referrals.status} <> 'refused'
      and not exists (select 1 from ${orders} where ${orders.userId} = ${userId} and ${orders.status} ${noneOf(UNPAID_STATUSES)})
      and not exists (select 1 from ${orders} where ${orders.welcomeReferralId} = ${referrals.id} and ${orders.status} ${noneOf(UNCOUNTED_STATUSES)})
    ) as welcome_referral_id,
    (select ${referralSettings.friendDiscountCents} from ${referralSettings}) as friend_discount_cents,
    ((select coalesce(sum(${referralCredits.amountCents}), 0) from ${referralCredits} where ${referralCredits.userId} = ${userId})
      - (select coalesce(sum(${orders.creditUsedCents}), 0) from ${orders} where ${orders.userId} = ${userId}
          and ${orders.creditUsedCents} > 0 and ${orders.status} ${noneOf(CREDIT_GIVEN_BACK_STATUSES)}))::int as credit_cents`;
}

export interface ReferralOfferRow {
  welcome_referral_id: number | null;
  friend_discount_cents: number | null;
  credit_cents: number | string | null;
}

export function referralOfferOf(row: ReferralOfferRow): ReferralOffer {
  return {
    welcomeReferralId: row.welcome_referral_id,
    friendDiscountCents: row.friend_discount_cents ?? REFERRAL_DEFAULTS.friendDiscountCents,
    creditCents: Math.max(0, Number(row.credit_cents ?? 0)),
  };
}

/** The offer on its own (the review's price), in one statement. */
export async function readReferralOffer(db: Database, userId: string): Promise<ReferralOffer> {
  const [row] = await rowsOf<ReferralOfferRow>(db, sql`select ${referralOfferColumns(sql`${userId}`)}`);
  return referralOfferOf(row!);
}

/** A price with refer a friend's part: `discountCents` holds all that was taken off, credit included. */
export interface ReferralPrice extends DiscountedPrice {
  /** What the welcome discount or the code took off. */
  offerCents: number;
  creditUsedCents: number;
  /** The referral whose welcome discount this price took; null when it took none. */
  welcomeReferralId: number | null;
}

/** A code that gives less than the friend's welcome discount: the two never add up, and the welcome one is kept. */
export const welcomeIsBetter = (welcomeCents: number) =>
  new DomainError(
    'invalid',
    'PROMO_WELCOME_BETTER',
    { key: 'apiErrors.promoWelcomeBetter', params: { discount: `$${formatUsd(welcomeCents)}` } },
    { field: 'promoCode', details: { reason: 'welcome_better' } },
  );

/**
 * The price a customer pays: the welcome discount or a code's (never both: a code is refused when it gives less than
 * the welcome discount), then the credit, never taking the total below the smallest charge a card can pay.
 */
export function priceWithReferral(listPrice: TopUpPrice, promo: DiscountedPrice | undefined, offer: ReferralOffer): ReferralPrice {
  const welcome =
    offer.welcomeReferralId !== null && offer.friendDiscountCents > 0
      ? applyPromo(listPrice, { kind: 'fixed', appliesTo: 'total', value: offer.friendDiscountCents })
      : null;
  if (promo && welcome && welcome.discountCents >= promo.discountCents && welcome.discountCents > 0) throw welcomeIsBetter(welcome.discountCents);
  const base = promo ?? (welcome && welcome.discountCents > 0 ? welcome : withoutPromo(listPrice));
  const creditUsedCents = Math.max(0, Math.min(offer.creditCents, base.totalCents - MINIMUM_CHARGE_CENTS));
  return {
    ...base,
    offerCents: base.discountCents,
    discountCents: base.discountCents + creditUsedCents,
    totalCents: base.totalCents - creditUsedCents,
    creditUsedCents,
    welcomeReferralId: !promo && welcome && welcome.discountCents > 0 ? offer.welcomeReferralId : null,
  };
}

/** Whether the price takes anything from refer a friend (then checkout checks it again under a lock). */
export const takesFromReferral = (price: ReferralPrice) => price.creditUsedCents > 0 || price.welcomeReferralId !== null;

const priceChanged = (price: ReferralPrice) =>
  new DomainError('conflict', 'PRICE_CHANGED', {
    key: 'apiErrors.priceChanged',
    params: { total: `$${formatUsd(price.totalCents)}`, fee: `$${formatUsd(price.serviceFeeCents)}` },
  });

/**
 * Runs `insert` (the order's insertion) in one transaction with the customer's referral and credit rows locked and the
 * offer read again after the lock: two checkouts at once cannot both take the welcome discount, nor spend the same
 * credit twice (the credit left never goes below zero). A price that changed meanwhile is refused (409): the customer
 * sees the new one on the review. The promo code's own lock (insertWithPromo) runs around it when there is one.
 */
export async function insertWithReferral<T>(
  db: Database,
  { userId, listPrice, promo, price }: { userId: string; listPrice: TopUpPrice; promo: AppliedPromo | undefined; price: ReferralPrice },
  insert: (tx: Database) => Promise<T>,
): Promise<T> {
  if (!takesFromReferral(price)) return insert(db);
  return db.transaction(async (tx) => {
    await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.friendId, userId)).for('update');
    await tx
      .select({ id: referralCredits.id })
      .from(referralCredits)
      .where(and(eq(referralCredits.userId, userId)))
      .for('update');
    const again = priceWithReferral(listPrice, promo?.price, await readReferralOffer(tx, userId));
    if (again.totalCents !== price.totalCents || again.welcomeReferralId !== price.welcomeReferralId) throw priceChanged(again);
    return insert(tx);
  });
}
