import type { BrowserPaymentIntent, PaymentErrorDetail } from '@shared/api/orders';

/** The payment errors docs/product.md §8 names, each with its own text under payment.messages in the page texts. */
export const PAYMENT_MESSAGE_CODES = [
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'insufficient_funds',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'authentication_required',
  'processing_error',
  'rate_limit',
  'api_connection_error',
  'api_error',
] as const;
export type PaymentMessageCode = (typeof PAYMENT_MESSAGE_CODES)[number];

const known = new Set<string>(PAYMENT_MESSAGE_CODES);
const isKnown = (value: string | undefined): value is PaymentMessageCode => value !== undefined && known.has(value);

/**
 * The translation key of what the payer reads after a failed payment: chosen by decline_code, then code, then type,
 * else the default (docs/product.md §8). Stripe's and the sandbox's own texts are never shown: they are English only.
 */
export function paymentErrorMessageKey(error: Pick<PaymentErrorDetail, 'type' | 'code' | 'decline_code'>): string {
  const match = [error.decline_code, error.code, error.type].find(isKnown);
  return `payment.messages.${match ?? 'default'}`;
}

/** What confirming a payment answered: Stripe's and the sandbox's `{ paymentIntent }` or `{ error }`. */
export type PaymentAttempt = { paymentIntent: BrowserPaymentIntent } | { error: PaymentErrorDetail };

export type PaymentDecision =
  | { kind: 'authorised'; paymentIntentId: string }
  /** The provider is still confirming the payment (Stripe's processing): the server holds the top-up until it is authorised. */
  | { kind: 'processing'; paymentIntentId: string }
  | { kind: 'declined'; messageKey: string };

/** Manual capture stops at requires_capture (authorised); succeeded would mean it was captured at once. */
const AUTHORISED_STATUSES = new Set(['requires_capture', 'succeeded']);

/** Whether the top-up may now be sent (docs/product.md §4 "Payment authorised"), else the message to show. */
export function decidePayment(attempt: PaymentAttempt): PaymentDecision {
  if ('error' in attempt) return { kind: 'declined', messageKey: paymentErrorMessageKey(attempt.error) };
  const { id, status } = attempt.paymentIntent;
  if (AUTHORISED_STATUSES.has(status)) return { kind: 'authorised', paymentIntentId: id };
  if (status === 'processing') return { kind: 'processing', paymentIntentId: id };
  return { kind: 'declined', messageKey: paymentErrorMessageKey({ type: status }) };
}
