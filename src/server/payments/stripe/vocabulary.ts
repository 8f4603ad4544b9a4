/**
 * Stripe's words for payments, and the neutral ones the order code speaks (payments/provider.ts). The Stripe adapter
 * and the sandbox, which imitates Stripe, translate here; nothing else reads Stripe's statuses or event types.
 */
import type { PaymentEvent, PaymentEventKind, PaymentStatus } from '../provider';

/** Stripe's PaymentIntent statuses; the sandbox stores the same ones. */
export type PaymentIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

const PAYMENT_STATUS_OF: Readonly<Record<PaymentIntentStatus, PaymentStatus>> = {
  requires_payment_method: 'needs_payment_method',
  requires_confirmation: 'needs_confirmation',
  requires_action: 'needs_action',
  processing: 'processing',
  requires_capture: 'authorised',
  succeeded: 'captured',
  canceled: 'released',
};

export const PAYMENT_INTENT_STATUSES = Object.keys(PAYMENT_STATUS_OF) as readonly PaymentIntentStatus[];

export function isPaymentIntentStatus(status: string | undefined): status is PaymentIntentStatus {
  return status !== undefined && Object.hasOwn(PAYMENT_STATUS_OF, status);
}

/** A PaymentIntent's status in the order code's words. */
export function paymentStatusOf(status: PaymentIntentStatus): PaymentStatus {
  return PAYMENT_STATUS_OF[status];
}

/** The Stripe events the order code acts on; every other type is `other`. */
const EVENT_KINDS: Readonly<Record<string, PaymentEventKind>> = {
  'payment_intent.amount_capturable_updated': 'authorised',
  'payment_intent.succeeded': 'captured',
  'payment_intent.canceled': 'released',
  'payment_intent.payment_failed': 'failed',
  // Every event of a dispute's life: each has the order code read the dispute again (ADR 060).
  'charge.dispute.created': 'disputed',
  'charge.dispute.updated': 'disputed',
  'charge.dispute.closed': 'disputed',
  'charge.dispute.funds_withdrawn': 'disputed',
  'charge.dispute.funds_reinstated': 'disputed',
};

/**
 * Reduces a Stripe event (the sandbox signs the same shape) to a neutral payment event: its id, what happened, its
 * intent and charge. payment_intent.* events carry the intent; charge.* events carry a charge that names its intent;
 * charge.dispute.* events carry a dispute naming its charge and, not always, its intent.
 */
export function paymentEventOf(event: { id: string; type: string; data?: { object?: unknown } }): PaymentEvent {
  const object = (event.data?.object ?? {}) as { id?: unknown; payment_intent?: unknown; charge?: unknown };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const { id, type } = event;
  const kind = Object.hasOwn(EVENT_KINDS, type) ? EVENT_KINDS[type]! : 'other';
  if (type.startsWith('payment_intent.')) return { id, kind, type, paymentId: text(object.id), chargeId: null };
  if (type.startsWith('charge.dispute.')) {
    return { id, kind, type, paymentId: text(object.payment_intent), chargeId: text(object.charge), disputeId: text(object.id) };
  }
  if (type.startsWith('charge.')) return { id, kind, type, paymentId: text(object.payment_intent), chargeId: text(object.id) };
  return { id, kind, type, paymentId: null, chargeId: null };
}
