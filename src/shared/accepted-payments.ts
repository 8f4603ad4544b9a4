/**
 * What the checkout takes, by payment provider (ADR 064): one list that the footer's "We accept" and the payment
 * step both read, so neither shows a way to pay the checkout does not offer.
 */

/** The card brands both providers take (Stripe's names; the sandbox's test cards cover the same). */
export const ACCEPTED_CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;

/** The ways to pay beside a typed card, in the payment form's order; the wallets only through Stripe's Payment Element. */
export type AcceptedPayment = (typeof ACCEPTED_CARD_BRANDS)[number] | 'cashapp' | 'applepay' | 'googlepay';

/** Both providers offer Cash App Pay (its tab in the payment form; Stripe's allowed_payment_method_types). */
export const OFFERS_CASH_APP = true;

/**
 * The card brands, Cash App when offered, and Apple Pay and Google Pay with Stripe (shown by its Payment Element where
 * the browser offers them; the sandbox has no wallets).
 */
export function acceptedPayments(provider: 'sandbox' | 'stripe'): AcceptedPayment[] {
  return [
    ...ACCEPTED_CARD_BRANDS,
    ...(OFFERS_CASH_APP ? (['cashapp'] as const) : []),
    ...(provider === 'stripe' ? (['applepay', 'googlepay'] as const) : []),
  ];
}
