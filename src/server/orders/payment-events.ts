import { and, eq, isNull, sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '../../shared/api/orders';
import { orders } from '../db/schema';
import type { PaymentEvent, PaymentEventKind } from '../payments/provider';
import { PaymentNotAuthorisedError, type Fulfilment } from './fulfilment';
import type { OrderServices } from './services';
import { flagForAttention } from './state-machine';
import { endDisputeAttention, recordDispute } from './disputes';
import { recordDecline } from '../risk/assess';

/** What happened to a payment that may move its order: fulfil() reads the payment again and acts on what it finds. */
const ADVANCING_EVENTS: ReadonlySet<PaymentEventKind> = new Set(['authorised', 'captured', 'released', 'failed']);

export const DISPUTE_ATTENTION = 'The customer disputed the charge with their bank; answer the dispute with the delivery record.';

/**
 * The money a dispute takes, recorded once however often its event comes: the charge's amount not already refunded,
 * and the processor's dispute fee (docs/decisions/050-cost-and-margin-on-every-order.md).
 */
async function recordUnnamedDispute(services: OrderServices, orderId: string): Promise<void> {
  await services.db
    .update(orders)
    .set({
      disputedAt: services.now(),
      disputedCents: sql`case when ${orders.status} = 'refunded' then 0 else ${orders.totalCents} end`,
      disputeFeeCents: services.payments.disputeFeeCents,
      updatedAt: services.now(),
    })
    .where(and(eq(orders.id, orderId), isNull(orders.disputedAt)));
}

/**
 * One of a dispute's events: the dispute is read again from the provider and kept (disputes.ts), so its events may
 * come in any order and more than once. A new dispute puts the order in front of a person; a closed one takes it away.
 */
async function followDispute(
  services: OrderServices,
  orderId: string,
  disputeId: string,
  eventId: string,
  logged: Record<string, unknown>,
): Promise<void> {
  const dispute = await services.payments.getDispute(disputeId);
  const now = services.now();
  const recorded = await recordDispute(services.db, { orderId, dispute, disputeFeeCents: services.payments.disputeFeeCents, now });
  const detail = { ...logged, orderId, disputeId, disputeStatus: recorded.dispute.status };
  if (recorded.opened) {
    services.log.error(detail, 'a customer disputed a charge');
    // Whatever the status by then: a dispute right after the capture must not be lost to the order's move to completed.
    await flagForAttention(services.db, {
      orderId,
      from: ORDER_STATUSES,
      source: 'webhook',
      reason: DISPUTE_ATTENTION,
      detail: { eventId, disputeId },
      now,
    });
  }
  if (recorded.closed) {
    services.log.warn(detail, 'a dispute was closed');
    await endDisputeAttention(services.db, { orderId, attention: DISPUTE_ATTENTION, dispute: recorded.dispute, now });
  }
  if (!recorded.opened && !recorded.closed) services.log.info(detail, 'a dispute moved');
}

/** The payment an event is about: named by the event, or found through its charge (a dispute may name only that). */
async function paymentOf(services: OrderServices, event: PaymentEvent): Promise<string | null> {
  if (event.paymentId) return event.paymentId;
  return event.chargeId ? services.payments.paymentIdOfCharge(event.chargeId) : null;
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
  const [order] = await services.db.select({ id: orders.id, userId: orders.userId }).from(orders).where(eq(orders.paymentId, paymentId));
  if (!order) {
    services.log.warn(logged, 'payment event for no order; nothing done');
    return;
  }
  if (event.kind === 'disputed') {
    if (event.disputeId) {
      await followDispute(services, order.id, event.disputeId, event.id, logged);
      return;
    }
    services.log.error({ ...logged, orderId: order.id }, 'a customer disputed a charge');
    await recordUnnamedDispute(services, order.id);
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
  if (event.kind === 'failed') {
    // A declined attempt counts for an hour against the account, the card and the address (the card-testing rules), and
    // in the decline rate of the last hour.
    const payment = await services.payments.getPayment(paymentId);
    if (payment.lastPaymentError)
      await recordDecline(services.db, { orderId: order.id, userId: order.userId, paymentId, eventId: event.id, payment, now: services.now() });
  }
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
