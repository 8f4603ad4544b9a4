/** What the server needs from a card payment provider (Stripe in production, the sandbox otherwise). */

import type { PaymentErrorDetail } from '../../shared/api/orders';

export type { PaymentErrorDetail } from '../../shared/api/orders';

/** Stripe's PaymentIntent statuses; the sandbox uses the same ones. */
export type PaymentIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  status: PaymentIntentStatus;
  /** Smallest currency unit (USD cents). */
  amount: number;
  /** Lowercase, as Stripe writes it: 'usd'. */
  currency: string;
  clientSecret: string | null;
  captureMethod: 'manual' | 'automatic';
  /** What was captured; 0 until then. */
  amountReceived: number;
  metadata: Record<string, string>;
  lastPaymentError: PaymentErrorDetail | null;
  cancellationReason: string | null;
}

export interface CreatePaymentIntentRequest {
  amountCents: number;
  currency: 'usd';
  receiptEmail: string | null;
  /** At least orderId and userId: the authorisation is checked against them before delivery. */
  metadata: { orderId: string; userId: string };
  /** Derived from the order: the same order never creates two intents. */
  idempotencyKey: string;
}

/** Stripe's Refund statuses; the sandbox uses the same ones. */
export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

/** A refund of a captured payment, as Stripe's Refund object has it. */
export interface PaymentRefund {
  id: string;
  paymentIntentId: string;
  /** Smallest currency unit (USD cents). */
  amount: number;
  currency: string;
  status: RefundStatus;
  reason: string | null;
  /** Why a failed refund failed (Stripe's failure_reason, e.g. expired_or_canceled_card). */
  failureReason: string | null;
  metadata: Record<string, string>;
}

export interface RefundRequest {
  /** What to give back; the provider refuses more than was captured and not yet refunded. */
  amountCents: number;
  reason: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  metadata: { orderId: string };
  /** Derived from the order: a retry after a lost answer gets the same refund, never a second one. */
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what we act on; the intent itself is always read again from the provider. */
export interface PaymentEvent {
  id: string;
  type: string;
  paymentIntentId: string | null;
  /** The charge a charge.* event is about (a dispute names it even when its payment_intent is null). */
  chargeId: string | null;
}

/**
 * Reduces a Stripe-shaped event (the sandbox signs the same shape) to its id, type, intent and charge:
 * payment_intent.* events carry the intent; charge.* events carry a charge that names its intent; charge.dispute.*
 * events carry a dispute naming its charge and, not always, its intent.
 */
export function paymentEventOf(event: { id: string; type: string; data?: { object?: unknown } }): PaymentEvent {
  const object = (event.data?.object ?? {}) as { id?: unknown; payment_intent?: unknown; charge?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  if (event.type.startsWith('payment_intent.')) return { id: event.id, type: event.type, paymentIntentId: text(object.id), chargeId: null };
  if (event.type.startsWith('charge.dispute.')) {
    return { id: event.id, type: event.type, paymentIntentId: text(object.payment_intent), chargeId: text(object.charge) };
  }
  if (event.type.startsWith('charge.'))
    return { id: event.id, type: event.type, paymentIntentId: text(object.payment_intent), chargeId: text(object.id) };
  return { id: event.id, type: event.type, paymentIntentId: null, chargeId: null };
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  /** What the browser needs to show the payment form. */
  readonly publishableKey: string | null;
  readonly testMode: boolean;
  /** Always with capture_method manual and the card + Cash App payment methods. */
  createPaymentIntent(request: CreatePaymentIntentRequest): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /** Only from requires_capture. */
  capturePaymentIntent(id: string, options: { idempotencyKey: string }): Promise<PaymentIntent>;
  /** Releases the hold (or abandons an unpaid intent). */
  cancelPaymentIntent(
    id: string,
    options: { idempotencyKey: string; reason: 'abandoned' | 'requested_by_customer' | 'failed_invoice' | 'duplicate' | 'fraudulent' },
  ): Promise<PaymentIntent>;
  /**
   * Gives back (part of) a captured payment. Refused (PaymentProviderError, 400) for an intent that was never captured,
   * one already refunded in full (charge_already_refunded) and an amount above what is left (amount_too_large).
   */
  refundPayment(paymentIntentId: string, request: RefundRequest): Promise<PaymentRefund>;
  /** The intent a charge belongs to; null when the provider knows no such charge or it has no intent. */
  paymentIntentIdOfCharge(chargeId: string): Promise<string | null>;
  /** Verifies a webhook's signature over the raw body and returns the event; throws PaymentProviderError (400) when it does not verify. */
  verifyWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/**
 * A failed provider call, in Stripe's terms: `type` (card_error, invalid_request_error, api_error,
 * api_connection_error, rate_limit_error…), `code` (e.g. card_declined, payment_intent_unexpected_state),
 * `declineCode` (e.g. insufficient_funds). `status` is the HTTP status (402 for card errors; 502 when there was no
 * answer). `retryable`: the same call may succeed later (network failure, 5xx, 429).
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly type: string;
  readonly code: string | undefined;
  readonly declineCode: string | undefined;
  readonly status: number;
  readonly retryable: boolean;
  /** The intent's status when the provider reports it (e.g. 'succeeded' for payment_intent_unexpected_state). */
  readonly paymentIntentStatus: PaymentIntentStatus | undefined;

  constructor(
    message: string,
    options: {
      type: string;
      code?: string;
      declineCode?: string;
      status: number;
      retryable: boolean;
      paymentIntentStatus?: PaymentIntentStatus;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.type = options.type;
    this.code = options.code;
    this.declineCode = options.declineCode;
    this.status = options.status;
    this.retryable = options.retryable;
    this.paymentIntentStatus = options.paymentIntentStatus;
  }

  /** The browser-facing error shape (docs/product.md §8 picks the message by decline_code, then code, then type). */
  toDetail(): PaymentErrorDetail {
    return {
      type: this.type,
      ...(this.code ? { code: this.code } : {}),
      ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      message: this.message,
    };
  }
}
