import type { TopUpPrice } from './pricing';

/*
 * Promo codes' arithmetic (docs/decisions/067-promo-codes.md), shared by the review and the server so that the figure
 * the customer sees is the figure the server charges. Integer USD cents; a percentage is in basis points (1250 = 12.5%).
 */

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];
/** What a code takes its discount off: the service fee only, or the whole total. */
export const PROMO_TARGETS = ['fee', 'total'] as const;
export type PromoTarget = (typeof PROMO_TARGETS)[number];

/** The smallest charge a card payment may be (Stripe's, in USD): no code takes a total below it. */
export const MINIMUM_CHARGE_CENTS = 50;

/** The most a code's text may hold once normalised. */
export const PROMO_CODE_MAX_LENGTH = 32;

export interface PromoTerms {
  kind: PromoKind;
  appliesTo: PromoTarget;
  /** Basis points (percent: 1–10000) or cents (fixed: ≥ 1). */
  value: number;
}

export interface DiscountedPrice extends TopUpPrice {
  discountCents: number;
  /** The total before the discount: amount + service fee. `totalCents` is what the customer pays. */
  totalBeforeDiscountCents: number;
}

/**
 * A code as customers may type it, as it is stored: upper case, without spaces or dashes, so " summer-10 " and
 * "SUMMER10" are one code.
 */
export function normalisePromoCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** Rounds numerator / denominator half up, in integers (both non-negative). */
function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/**
 * The price with a code's discount: a percentage of (or a fixed sum off) the service fee or the total, never more than
 * that fee or total, so a fee code never takes the total below the amount, and never taking the total below the smallest
 * charge a card can pay (MINIMUM_CHARGE_CENTS): a code that would leaves that much to pay.
 */
export function applyPromo(price: TopUpPrice, terms: PromoTerms): DiscountedPrice {
  if (!Number.isSafeInteger(terms.value) || terms.value < 0) throw new RangeError(`Promo value must be a non-negative integer: ${terms.value}`);
  const base = terms.appliesTo === 'fee' ? price.serviceFeeCents : price.totalCents;
  const wanted = terms.kind === 'percent' ? divideRoundingHalfUp(base * Math.min(terms.value, 10_000), 10_000) : terms.value;
  const discountCents = Math.max(0, Math.min(wanted, base, price.totalCents - MINIMUM_CHARGE_CENTS));
  return { ...price, discountCents, totalBeforeDiscountCents: price.totalCents, totalCents: price.totalCents - discountCents };
}

/** A price with no code: the same shape, nothing off. */
export const withoutPromo = (price: TopUpPrice): DiscountedPrice => ({ ...price, discountCents: 0, totalBeforeDiscountCents: price.totalCents });
