import { and, count, eq, notInArray, sql, sum } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/api/orders';
import type { KeyedMessage } from '../../shared/api/messages';
import { formatUsd, type TopUpPrice } from '../../shared/pricing';
import { applyPromo, normalisePromoCode, PROMO_CODE_MAX_LENGTH, type DiscountedPrice, type PromoKind, type PromoTarget } from '../../shared/promo';
import type { Database } from '../db/client';
import { orders, promoCodes } from '../db/schema';
import { DomainError } from '../domain-error';

/*
 * Promo codes at the review and the checkout (docs/decisions/067-promo-codes.md): the code read, its terms checked
 * against the customer and the top-up, the discount priced by the shared arithmetic (src/shared/promo.ts). At checkout the
 * budget and the per-customer uses are checked again under a lock of the code's row (insertWithPromo).
 */

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** Orders that ended without a capture: they take nothing from a code's budget or a customer's uses. */
export const UNCOUNTED_STATUSES: readonly OrderStatus[] = ['expired', 'declined', 'canceled', 'delivery_failed', 'capture_failed'];
/** Orders that were never paid, or ended unpaid: an account with only these has not had a first top-up yet. */
const UNPAID_STATUSES: readonly OrderStatus[] = ['created', ...UNCOUNTED_STATUSES];

/** Why a code is refused, each with the customer's text (in their language, by its key). */
export type PromoRefusal = 'unknown' | 'not_started' | 'expired' | 'exhausted' | 'first_top_up_only' | 'minimum_amount' | 'used_by_you';

const REFUSALS: Record<PromoRefusal, { code: string; key: KeyedMessage['key'] }> = {
  unknown: { code: 'PROMO_UNKNOWN', key: 'apiErrors.promoUnknown' },
  not_started: { code: 'PROMO_NOT_STARTED', key: 'apiErrors.promoNotStarted' },
  expired: { code: 'PROMO_EXPIRED', key: 'apiErrors.promoExpired' },
  exhausted: { code: 'PROMO_EXHAUSTED', key: 'apiErrors.promoExhausted' },
  first_top_up_only: { code: 'PROMO_FIRST_TOP_UP_ONLY', key: 'apiErrors.promoFirstTopUpOnly' },
  minimum_amount: { code: 'PROMO_MINIMUM_AMOUNT', key: 'apiErrors.promoMinimumAmount' },
  used_by_you: { code: 'PROMO_USED_BY_YOU', key: 'apiErrors.promoUsedByYou' },
};

/** A refused code: 400 on the promoCode field, with the reason in the customer's language. */
export function promoRefused(reason: PromoRefusal, row?: Pick<PromoCodeRow, 'minAmountCents'>): DomainError {
  const { code, key } = REFUSALS[reason];
  const params = reason === 'minimum_amount' && row ? { min: `$${formatUsd(row.minAmountCents)}` } : undefined;
  return new DomainError('invalid', code, { key, ...(params ? { params } : {}) }, { field: 'promoCode', details: { reason } });
}

/** The code's terms changed between the review and the checkout: 409, as any price change. */
const promoPriceChanged = (price: DiscountedPrice) =>
  new DomainError('conflict', 'PRICE_CHANGED', {
    key: 'apiErrors.priceChanged',
    params: { total: `$${formatUsd(price.totalCents)}`, fee: `$${formatUsd(price.serviceFeeCents)}` },
  });

/** What a code's use depends on besides its terms: the budget used, this customer's uses and whether they paid before. */
export interface PromoUsage {
  discountUsedCents: number;
  customerUses: number;
  customerPaidOrders: number;
}

/**
 * Why this code may not be used for this top-up by this customer now, or null when it may. Pure, so the review's
 * check and the checkout's locked check refuse alike.
 */
export function promoRefusalOf(row: PromoCodeRow, price: DiscountedPrice, usage: PromoUsage, now: Date): PromoRefusal | null {
  if (!row.enabled) return 'unknown';
  if (now < row.startsAt) return 'not_started';
  if (now >= row.endsAt) return 'expired';
  if (row.budgetCents !== null && usage.discountUsedCents + price.discountCents > row.budgetCents) return 'exhausted';
  if (row.firstTopUpOnly && usage.customerPaidOrders > 0) return 'first_top_up_only';
  if (price.amountCents < row.minAmountCents) return 'minimum_amount';
  if (row.usesPerCustomer !== null && usage.customerUses >= row.usesPerCustomer) return 'used_by_you';
  return null;
}

export const termsOf = (row: PromoCodeRow) => ({ kind: row.kind as PromoKind, appliesTo: row.appliesTo as PromoTarget, value: row.value });

/** The code's row by what the customer typed (any case, spaces, dashes); an unknown code is refused. */
export async function findPromoCode(db: Database, typed: string): Promise<PromoCodeRow> {
  const code = normalisePromoCode(typed);
  if (code === '' || code.length > PROMO_CODE_MAX_LENGTH) throw promoRefused('unknown');
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  if (!row) throw promoRefused('unknown');
  return row;
}

/** What a code took off an order: its discount less the referral credit the order used besides (ADR 070). */
export const codeDiscount = sql<number>`${orders.discountCents} - ${orders.creditUsedCents}`;

const counted = notInArray(orders.status, [...UNCOUNTED_STATUSES]);

/** The code's budget used and this customer's uses and paid orders, in one statement. */
export async function readPromoUsage(db: Database, promoCodeId: number, userId: string): Promise<PromoUsage> {
  const [row] = await db
    .select({
      discountUsedCents: sql<string | null>`(${db
        .select({ total: sum(codeDiscount) })
        .from(orders)
        .where(and(eq(orders.promoCodeId, promoCodeId), counted))})`,
      customerUses: sql<string>`(${db
        .select({ uses: count() })
        .from(orders)
        .where(and(eq(orders.promoCodeId, promoCodeId), eq(orders.userId, userId), counted))})`,
      customerPaidOrders: count(),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNPAID_STATUSES])));
  return {
    discountUsedCents: Number(row?.discountUsedCents ?? 0),
    customerUses: Number(row?.customerUses ?? 0),
    customerPaidOrders: Number(row?.customerPaidOrders ?? 0),
  };
}

/** A code checked for this customer and top-up, and the price with its discount; refused with the reason otherwise. */
export interface AppliedPromo {
  row: PromoCodeRow;
  price: DiscountedPrice;
}

/** The review's check and checkout's first one: the code read, the price discounted, every term checked. */
export async function applyPromoCode(
  db: Database,
  typed: string,
  { userId, price, now }: { userId: string; price: TopUpPrice; now: Date },
): Promise<AppliedPromo> {
  const row = await findPromoCode(db, typed);
  const discounted = applyPromo(price, termsOf(row));
  const refusal = promoRefusalOf(row, discounted, await readPromoUsage(db, row.id, userId), now);
  if (refusal) throw promoRefused(refusal, row);
  return { row, price: discounted };
}

/**
 * Runs `insert` (the order's insertion) in one transaction with the code's row locked (FOR UPDATE) and its budget and
 * the customer's uses read again after the lock: two checkouts for the last of a budget wait for each other, and the
 * second sees the first's order. Refused (nothing inserted) when the code may no longer be used.
 */
export async function insertWithPromo<T>(
  db: Database,
  promo: AppliedPromo,
  { userId, now: at }: { userId: string; now: Date },
  insert: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, promo.row.id)).for('update');
    if (!row) throw promoRefused('unknown');
    const refusal = promoRefusalOf(row, promo.price, await readPromoUsage(tx, row.id, userId), at);
    if (refusal) throw promoRefused(refusal, row);
    // The terms changed since the price was made: the customer sees the new price on the review first.
    const repriced = applyPromo({ ...promo.price, totalCents: promo.price.totalBeforeDiscountCents }, termsOf(row));
    if (repriced.discountCents !== promo.price.discountCents) throw promoPriceChanged(repriced);
    return insert(tx);
  });
}

/** Orders that count against a code (its budget, its uses on the console): paid, or still open. */
export const countedPromoOrders = counted;

/**
 * Checkout's pricing of a code: checked as on the review for a new order; for a retried click (its order already made
 * under this key, and counted) only priced, so the retry finds its order instead of being refused its own use.
 */
export async function promoForCheckout(
  db: Database,
  typed: string,
  facts: { userId: string; price: TopUpPrice; now: Date; retried: boolean },
): Promise<AppliedPromo> {
  if (!facts.retried) return applyPromoCode(db, typed, facts);
  const row = await findPromoCode(db, typed);
  return { row, price: applyPromo(facts.price, termsOf(row)) };
}
