import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { type PaymentRefund, PaymentProviderError } from '../payments/provider';
import type { OrderServices } from './services';
import { transition, type EventSource, type Order, type OrderPatch, type OrderStatus } from './state-machine';

/** A refund claimed this long ago without an outcome was left by a process that died mid-call: the reconciler asks again. */
export const REFUND_CLAIM_MS = 2 * 60 * 1000;
/** A refused refund is tried again after a minute, doubling each time, at most every hour. */
const FIRST_RETRY_MS = 60 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/**
 * The refund's idempotency key: derived from the order and the refunds refused so far, so a refund asked for again
 * after a lost answer or a crash is the same refund at the provider, never a second one.
 */
export function refundIdempotencyKey(order: Pick<Order, 'id' | 'refundAttempts'>): string {
  return `refund-${order.id}-${order.refundAttempts}`;
}

/**
 * Gives a completed order's payment back in full: `completed → refunding` is the claim (made by the person who asks,
 * with their audit row), then the provider is asked, then `refunded` or `refund_failed`. A refund_failed order, or one
 * left in refunding, is asked for again by the reconciler. The provider itself refuses a second refund of a payment
 * refunded in full and any refund of more than was captured, so even a new key cannot give the money back twice.
 */
export function createRefunds(services: OrderServices) {
  const { db, payments } = services;
  const later = (ms: number) => new Date(services.now().getTime() + ms);

  async function load(orderId: string): Promise<Order> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error(`Order ${orderId} not found`);
    return order;
  }

  async function move(order: Order, from: OrderStatus, to: OrderStatus, source: EventSource, patch: OrderPatch, detail: Record<string, unknown>) {
    const moved = await transition(db, { orderId: order.id, from: [from], to, source, patch, detail, now: services.now() });
    return moved ?? load(order.id);
  }

  const retryLater = (order: Order): OrderPatch => ({
    nextCheckAt: later(Math.min(FIRST_RETRY_MS * 2 ** order.checkAttempts, MAX_RETRY_MS)),
    checkAttempts: order.checkAttempts + 1,
  });

  async function ask(order: Order): Promise<PaymentRefund> {
    return payments.refundPayment(order.paymentId!, {
      amountCents: order.totalCents,
      reason: 'requested_by_customer',
      metadata: { orderId: order.id },
      idempotencyKey: refundIdempotencyKey(order),
    });
  }

  function refunded(order: Order, source: EventSource, refund: PaymentRefund | null, detail: Record<string, unknown>) {
    const patch = { refundId: refund?.id ?? null, refundedAt: services.now(), nextCheckAt: null };
    return move(order, 'refunding', 'refunded', source, patch, { refundId: refund?.id ?? null, amount: refund?.amount ?? null, ...detail });
  }

  function refused(order: Order, source: EventSource, failure: { code: string; message: string; refundId?: string }) {
    services.log.error({ orderId: order.id, paymentIntentId: order.paymentId, ...failure }, 'the payment provider refused a refund');
    return move(order, 'refunding', 'refund_failed', source, { refundAttempts: order.refundAttempts + 1, ...retryLater(order) }, failure);
  }

  /** Asks the provider for the refund of an order in refunding and records the outcome. */
  async function settle(order: Order, source: EventSource): Promise<Order> {
    let refund: PaymentRefund;
    try {
      refund = await ask(order);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code === 'charge_already_refunded') {
        // Refunded in full already (from the provider's dashboard): nothing is left to give back.
        return refunded(order, source, null, { alreadyRefunded: true });
      }
      if (error instanceof PaymentProviderError && !error.retryable) {
        return refused(order, source, { code: error.code ?? error.type, message: error.message });
      }
      // No answer that says what happened: asked again later with the same key, which cannot make a second refund.
      services.log.warn({ orderId: order.id, err: error }, 'refund outcome unknown; it will be asked for again');
      const [rescheduled] = await db.update(orders).set(retryLater(order)).where(eq(orders.id, order.id)).returning();
      return rescheduled ?? load(order.id);
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      return refused(order, source, { code: refund.failureReason ?? refund.status, message: `The refund ${refund.status}`, refundId: refund.id });
    }
    // pending and requires_action are made refunds on their way back to the customer.
    return refunded(order, source, refund, { refundStatus: refund.status });
  }

  return {
    settle,
    /** refund_failed → refunding (claimed once, with the next key) and asked for again. */
    async retry(order: Order, source: EventSource): Promise<Order> {
      const claimed = await transition(db, {
        orderId: order.id,
        from: ['refund_failed'],
        to: 'refunding',
        source,
        patch: { nextCheckAt: later(REFUND_CLAIM_MS) },
        detail: { retry: order.refundAttempts },
        now: services.now(),
      });
      return claimed ? settle(claimed, source) : load(order.id);
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
