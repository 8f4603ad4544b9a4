import { eq } from 'drizzle-orm';
import { ORDER_STATUSES } from '../../shared/api/orders';
import { orders } from '../db/schema';
import type { PaymentEvent, PaymentEventKind } from '../payments/provider';
import { PaymentNotAuthorisedError, type Fulfilment } from './fulfilment';
import { declineCodeOf, recordDecline } from './decline-rate';
import type { OrderServices } from './services';
import { flagForAttention } from './state-machine';

/** What happened to a payment that may move its order: fulfil() reads the payment again and acts on what it finds. */
const ADVANCING_EVENTS: ReadonlySet<PaymentEventKind> = new Set(['authorised', 'captured', 'released', 'failed']);

export const DISPUTE_ATTENTION = 'The customer disputed the charge with their bank; answer the dispute with the delivery record.';

/** The payment an event is about: named by the event, or found through its charge (a dispute may name only that). */
async function paymentOf(services: OrderServices, event: PaymentEvent): Promise<string | null> {
  if (event.paymentId) return event.paymentId;
  return event.chargeId ? services.payments.paymentIdOfCharge(event.chargeId) : null;
}

/** A declined attempt, for the decline rate: the payment is read again for its error, as the event is only a trigger. */
async function recordDeclineOf(services: OrderServices, orderId: string, paymentId: string, eventId: string): Promise<void> {
  const reason = declineCodeOf((await services.payments.getPayment(paymentId)).lastPaymentError);
  if (reason) await recordDecline(services.db, { orderId, paymentId, reason, eventId, at: services.now() });
}

/**
 * A verified payment webhook. The event is only a trigger: the order is advanced by the same fulfil() the browser
 * uses, which reads the payment again from the provider, so replayed and out-of-order events change nothing. A
 * dispute puts the order in front of a person. Events that name no order we know are logged, never dropped silently.
 */
export async function handlePaymentEvent(services: OrderServices, fulfilment: Fulfilment, event: PaymentEvent): Promise<void> {
  const paymentId = await paymentOf(services, event);
  const logged = { eventId: event.id, type: event.type, paymentIntentId: paymentId, chargeId: event.chargeId };
  if (!paymentId) {
    services.log.warn(logged, 'payment event names no payment intent; nothing done');
    return;
  }
  const [order] = await services.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentId, paymentId));
  if (!order) {
    services.log.warn(logged, 'payment event for no order; nothing done');
    return;
  }
  if (event.kind === 'disputed') {
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
  if (event.kind === 'failed') await recordDeclineOf(services, order.id, paymentId, event.id);
  if (!ADVANCING_EVENTS.has(event.kind)) {
    services.log.info({ ...logged, orderId: order.id }, 'payment event that moves nothing; ignored');
    return;
  }
  try {
    await fulfilment.fulfil(order.id, 'webhook');
  } catch (error) {
    // A failed payment attempt leaves the payment awaiting another card: nothing to do until one arrives.
    if (!(error instanceof PaymentNotAuthorisedError)) throw error;
  }
}
