import { eq } from 'drizzle-orm';
import { ORDER_STATUSES } from '../../shared/api/orders';
import { orders } from '../db/schema';
import type { PaymentEvent } from '../payments/provider';
import { PaymentNotAuthorisedError, type Fulfilment } from './fulfilment';
import type { OrderServices } from './services';
import { flagForAttention } from './state-machine';

const ADVANCING_EVENTS = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
]);

export const DISPUTE_ATTENTION = 'The customer disputed the charge with their bank; answer the dispute with the delivery record.';

/** The intent an event is about: named by the event, or found through its charge (a dispute may name only that). */
async function intentOf(services: OrderServices, event: PaymentEvent): Promise<string | null> {
  if (event.paymentIntentId) return event.paymentIntentId;
  return event.chargeId ? services.payments.paymentIntentIdOfCharge(event.chargeId) : null;
}

/**
 * A verified payment webhook. The event is only a trigger: the order is advanced by the same fulfil() the browser
 * uses, which reads the intent again from the provider, so replayed and out-of-order events change nothing. A
 * dispute puts the order in front of a person. Events that name no order we know are logged, never dropped silently.
 */
export async function handlePaymentEvent(services: OrderServices, fulfilment: Fulfilment, event: PaymentEvent): Promise<void> {
  const paymentIntentId = await intentOf(services, event);
  const logged = { eventId: event.id, type: event.type, paymentIntentId, chargeId: event.chargeId };
  if (!paymentIntentId) {
    services.log.warn(logged, 'payment event names no payment intent; nothing done');
    return;
  }
  const [order] = await services.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
  if (!order) {
    services.log.warn(logged, 'payment event for no order; nothing done');
    return;
  }
  if (event.type === 'charge.dispute.created') {
    services.log.error({ ...logged, orderId: order.id }, 'a customer disputed a charge');
    // Whatever the status by then: a dispute right after the capture must not be lost to the order's move to completed.
    await flagForAttention(services.db, {
      orderId: order.id,
      from: ORDER_STATUSES,
      source: 'webhook',
      reason: DISPUTE_ATTENTION,
      detail: { eventId: event.id },
      now: services.now(),
    });
    return;
  }
  if (!ADVANCING_EVENTS.has(event.type)) {
    services.log.info({ ...logged, orderId: order.id }, 'payment event that moves nothing; ignored');
    return;
  }
  try {
    await fulfilment.fulfil(order.id, 'webhook');
  } catch (error) {
    // A failed payment attempt leaves the intent awaiting another card: nothing to do until one arrives.
    if (!(error instanceof PaymentNotAuthorisedError)) throw error;
  }
}
