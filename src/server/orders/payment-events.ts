import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import type { PaymentEvent } from '../payments/provider';
import { PaymentNotAuthorisedError, type Fulfilment } from './fulfilment';
import type { OrderServices } from './services';

const ADVANCING_EVENTS = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
]);

/**
 * A verified payment webhook. The event is only a trigger: the order is advanced by the same fulfil() the browser
 * uses, which reads the intent again from the provider, so replayed and out-of-order events change nothing.
 */
export async function handlePaymentEvent(services: OrderServices, fulfilment: Fulfilment, event: PaymentEvent): Promise<void> {
  if (!event.paymentIntentId) return;
  const [order] = await services.db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, event.paymentIntentId));
  if (!order) {
    services.log.info({ eventId: event.id, type: event.type, paymentIntentId: event.paymentIntentId }, 'payment event for no order');
    return;
  }
  if (event.type === 'charge.dispute.created') {
    services.log.error({ eventId: event.id, orderId: order.id }, 'a customer disputed a charge');
    return;
  }
  if (!ADVANCING_EVENTS.has(event.type)) return;
  try {
    await fulfilment.fulfil(order.id, 'webhook');
  } catch (error) {
    // A failed payment attempt leaves the intent awaiting another card: nothing to do until one arrives.
    if (!(error instanceof PaymentNotAuthorisedError)) throw error;
  }
}
