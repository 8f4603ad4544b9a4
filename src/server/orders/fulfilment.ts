import { eq, type SQL } from 'drizzle-orm';
import { orders } from '../db/schema';
import { PaymentProviderError, type PaymentIntent } from '../payments/provider';
import { TopupProviderError, type TopupResult } from '../topups/provider';
import { withinDailyLimit } from './limits';
import type { OrderServices } from './services';
import { transition, type EventSource, type Order, type OrderPatch, type OrderStatus } from './state-machine';

/** When the reconciler looks again at an order in each unfinished status (a crash between two steps leaves it there). */
export const CHECK_DELAYS_MS = {
  /** A claim older than this without an outcome means the process died mid-call: the outcome is looked up. */
  delivering: 2 * 60 * 1000,
  processing: 10 * 1000,
  unknownOutcome: 30 * 1000,
  afterStep: 60 * 1000,
} as const;
/** Card authorisations are never held longer than this (ARCHITECTURE.md invariant 3; Stripe's own lapse is 7 days). */
export const MAX_AUTHORISATION_MS = 24 * 60 * 60 * 1000;
/** An unknown delivery outcome that the provider has no record of is sent again only after this long. */
export const RESEND_AFTER_MS = 2 * 60 * 1000;

/** The order's payment is not (or no longer) authorised: nothing is delivered. */
export class PaymentNotAuthorisedError extends Error {
  override name = 'PaymentNotAuthorisedError';
  constructor(readonly intentStatus: string) {
    super(
      intentStatus === 'canceled'
        ? 'This payment was cancelled. Nothing was charged; please start a new top-up.'
        : 'The payment has not been authorised yet. Please complete the payment first.',
    );
  }
}

type DeliveryOutcome =
  | { kind: 'result'; result: TopupResult }
  | { kind: 'rejected'; code: string; message: string }
  | { kind: 'unknown'; reason: string };

const later = (services: OrderServices, ms: number) => new Date(services.now().getTime() + ms);

/**
 * Moves orders forward — verify the authorisation, deliver once, then capture or release — from whatever status a
 * previous step (or crash) left them in. The browser's top-up call, the payment webhook and the reconciler all end
 * here, so whichever comes second finds the recorded result. Calls for one order in this process share one run.
 */
export function createFulfilment(services: OrderServices) {
  const { db, payments, topups } = services;
  const running = new Map<string, Promise<Order>>();

  function once(orderId: string, work: () => Promise<Order>): Promise<Order> {
    const current = running.get(orderId);
    if (current) return current;
    const run = work().finally(() => running.delete(orderId));
    running.set(orderId, run);
    return run;
  }

  async function load(orderId: string): Promise<Order> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error(`Order ${orderId} not found`);
    return order;
  }

  /** One move of the order along the state machine, stamped with the current time; null when someone moved it first. */
  function move(
    order: Order,
    to: OrderStatus,
    from: readonly OrderStatus[],
    source: EventSource,
    patch?: OrderPatch,
    detail?: Record<string, unknown>,
    guard?: SQL,
  ) {
    return transition(db, { orderId: order.id, from, to, source, patch, detail, guard, now: services.now() });
  }

  /** Ends an order that was never charged (the payment was refused, cancelled or lost) with the reason the user sees. */
  async function closeUncharged(order: Order, from: OrderStatus, source: EventSource, failure: { code: string; message: string }, detail: Record<string, unknown>) {
    const patch = { failureCode: failure.code, failureMessage: failure.message, finishedAt: services.now(), nextCheckAt: null };
    return orReload(await move(order, 'canceled', [from], source, patch, detail), order.id);
  }

  /** Changes when (and how often) the order is looked at, or what it knows, without a change of status; answers it as stored. */
  async function reschedule(order: Order, patch: OrderPatch): Promise<Order> {
    const [updated] = await db.update(orders).set(patch).where(eq(orders.id, order.id)).returning();
    return updated ?? load(order.id);
  }

  /** After a failed provider call: looked at again in one minute, doubling with each attempt, at most every hour. */
  const retryLater = (order: Order): OrderPatch => ({
    nextCheckAt: later(services, Math.min(CHECK_DELAYS_MS.afterStep * 2 ** order.checkAttempts, 60 * 60 * 1000)),
    checkAttempts: order.checkAttempts + 1,
  });

  /** Reads what another caller recorded when our conditional update found the order already moved. */
  const orReload = async (moved: Order | null, orderId: string) => moved ?? load(orderId);

  function authorisationProblem(order: Order, intent: PaymentIntent): string | null {
    if (intent.id !== order.paymentIntentId) return 'the intent is not this order’s';
    if (intent.metadata.orderId !== order.id || intent.metadata.userId !== order.userId) return 'the intent belongs to another order';
    if (intent.amount !== order.totalCents) return `the authorised amount ${intent.amount} differs from the total ${order.totalCents}`;
    if (intent.currency.toLowerCase() !== 'usd') return `the currency ${intent.currency} is not USD`;
    return null;
  }

  /** created → authorised when the provider says requires_capture for exactly this order's total in USD. */
  async function verifyAuthorisation(order: Order, source: EventSource): Promise<Order> {
    if (!order.paymentIntentId) throw new PaymentNotAuthorisedError('requires_payment_method');
    const intent = await payments.retrievePaymentIntent(order.paymentIntentId);
    const problem = authorisationProblem(order, intent);
    if (problem) {
      services.log.error({ orderId: order.id, paymentIntentId: intent.id, problem }, 'payment authorisation does not match the order');
      if (intent.status === 'requires_capture') await releaseQuietly(intent.id, order.id);
      return closeUncharged(order, 'created', source, { code: 'AUTHORISATION_MISMATCH', message: 'The payment did not match this order, so nothing was charged.' }, { problem });
    }
    if (intent.status === 'canceled') {
      const failure = { code: 'PAYMENT_CANCELED', message: 'The payment was cancelled, so nothing was charged.' };
      return closeUncharged(order, 'created', source, failure, { cancellationReason: intent.cancellationReason });
    }
    if (intent.status !== 'requires_capture') {
      // Captured or released meanwhile by another instance that fulfilled the order: its record is the answer.
      const current = await load(order.id);
      if (current.status !== 'created') return current;
      throw new PaymentNotAuthorisedError(intent.status);
    }
    const authorised = await move(
      order,
      'authorised',
      ['created'],
      source,
      { authorisedAt: services.now(), nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep) },
      { paymentIntentId: intent.id, amount: intent.amount },
      withinDailyLimit(order.userId, services.now(), services.dailySpendLimitCents),
    );
    if (authorised) return authorised;
    const current = await load(order.id);
    // Still created: the move was refused by the cap, not made by another caller.
    return current.status === 'created' ? refuseOverLimit(current, source) : current;
  }

  /**
   * A payment authorised for an order that no longer fits under the user's 24-hour cap (other checkouts started
   * alongside it were paid first): the hold is released and the order closed, nothing delivered or charged. Should
   * the release fail, the order stays unpaid for the reconciler, which cancels the intent at the latest when the
   * payment window closes.
   */
  async function refuseOverLimit(order: Order, source: EventSource): Promise<Order> {
    if (!(await cancelHold(order, `cancel-${order.id}-over-limit`, 'abandoned'))) return load(order.id);
    const failure = { code: 'DAILY_LIMIT_REACHED', message: 'This top-up would pass your spending limit for 24 hours, so nothing was charged.' };
    return closeUncharged(order, 'created', source, failure, { dailySpendLimitCents: services.dailySpendLimitCents });
  }

  /** Cancels the order's authorisation; true when it is released (or was already), false after logging a failure. */
  async function cancelHold(order: Order, idempotencyKey: string, reason: 'abandoned'): Promise<boolean> {
    try {
      await payments.cancelPaymentIntent(order.paymentIntentId!, { idempotencyKey, reason });
      return true;
    } catch (error) {
      if (error instanceof PaymentProviderError && error.paymentIntentStatus === 'canceled') return true;
      services.log.error({ orderId: order.id, paymentIntentId: order.paymentIntentId, err: error }, 'could not release the payment authorisation');
      return false;
    }
  }

  /** Before delivering an order authorised earlier (not in this call), the hold must still be there. */
  async function stillAuthorised(order: Order, source: EventSource): Promise<Order> {
    const intent = await payments.retrievePaymentIntent(order.paymentIntentId!);
    if (intent.status === 'requires_capture' && !authorisationProblem(order, intent)) return order;
    const closed = await closeUncharged(
      order,
      'authorised',
      source,
      { code: 'AUTHORISATION_LOST', message: 'The payment authorisation ended before delivery, so nothing was charged.' },
      { intentStatus: intent.status },
    );
    // Released only when this call closed the order: one moved on meanwhile is being delivered against that hold.
    if (closed.status === 'canceled' && closed.failureCode === 'AUTHORISATION_LOST' && intent.status === 'requires_capture') {
      await releaseQuietly(intent.id, order.id);
    }
    return closed;
  }

  async function send(order: Order): Promise<DeliveryOutcome> {
    try {
      const result = await topups.sendTopup({
        operatorId: order.operatorId,
        amount: order.amountCents / 100,
        useLocalAmount: false,
        customIdentifier: order.customIdentifier,
        recipientPhone: { countryCode: order.countryIso, number: order.recipientPhone },
      });
      return { kind: 'result', result };
    } catch (error) {
      // The provider already has a top-up with our identifier: its outcome must be looked up, never sent again.
      if (error instanceof TopupProviderError && !error.retryable && error.code !== 'CUSTOM_IDENTIFIER_ALREADY_USED') {
        return { kind: 'rejected', code: error.code, message: error.message };
      }
      services.log.warn({ orderId: order.id, err: error }, 'top-up outcome unknown; it will be looked up');
      return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /** authorised → delivering with one conditional update: only one caller ever sends the top-up. */
  async function deliver(order: Order, source: EventSource): Promise<Order> {
    const claimed = await move(
      order,
      'delivering',
      ['authorised'],
      source,
      { claimedAt: services.now(), nextCheckAt: later(services, CHECK_DELAYS_MS.delivering) },
    );
    if (!claimed) return load(order.id);
    return recordOutcome(claimed, await send(claimed), source);
  }

  /** Applies a delivery outcome to an order in delivering or delivery_pending. */
  async function recordOutcome(order: Order, outcome: DeliveryOutcome, source: EventSource): Promise<Order> {
    const from: OrderStatus[] = ['delivering', 'delivery_pending'];
    if (outcome.kind === 'unknown') {
      const pending = await move(
        order,
        'delivery_pending',
        ['delivering'],
        source,
        { nextCheckAt: later(services, CHECK_DELAYS_MS.unknownOutcome) },
        { outcome: 'unknown', reason: outcome.reason },
      );
      return orReload(pending, order.id);
    }
    if (outcome.kind === 'rejected') {
      const failed = await move(
        order,
        'delivery_failed',
        from,
        source,
        { failureCode: outcome.code, failureMessage: outcome.message, nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep) },
        { rejected: outcome.code },
      );
      return failed ? release(failed, source) : load(order.id);
    }
    const { result } = outcome;
    const transaction = {
      topupTransactionId: result.transactionId,
      deliveredAmount: result.deliveredAmount === null ? null : String(result.deliveredAmount),
      deliveredCurrencyCode: result.deliveredAmountCurrencyCode,
      transactionDate: result.transactionDate,
    };
    switch (result.status) {
      case 'SUCCESSFUL': {
        const delivered = await move(
          order,
          'delivered',
          from,
          source,
          { ...transaction, nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep) },
          { transactionId: result.transactionId },
        );
        return delivered ? capture(delivered, source) : load(order.id);
      }
      case 'PROCESSING': {
        if (order.status === 'delivery_pending') {
          return reschedule(order, { ...transaction, nextCheckAt: later(services, CHECK_DELAYS_MS.processing) });
        }
        const pending = await move(
          order,
          'delivery_pending',
          ['delivering'],
          source,
          { ...transaction, nextCheckAt: later(services, CHECK_DELAYS_MS.processing) },
          { transactionId: result.transactionId, outcome: 'PROCESSING' },
        );
        return orReload(pending, order.id);
      }
      case 'FAILED':
      case 'REFUNDED': {
        const failed = await move(order, 'delivery_failed', from, source, {
            ...transaction,
            failureCode: result.status === 'REFUNDED' ? 'TOPUP_REFUNDED' : 'TOPUP_FAILED',
            failureMessage:
              result.status === 'REFUNDED'
                ? 'The operator could not deliver the top-up and it was refunded.'
                : 'The operator could not deliver the top-up.',
            nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep),
          }, { transactionId: result.transactionId, outcome: result.status });
        return failed ? release(failed, source) : load(order.id);
      }
    }
  }

  /** delivered / capture_failed → completed. Only ever called after a SUCCESSFUL delivery was recorded. */
  async function capture(order: Order, source: EventSource): Promise<Order> {
    try {
      await payments.capturePaymentIntent(order.paymentIntentId!, { idempotencyKey: `capture-${order.id}-${order.checkAttempts}` });
    } catch (error) {
      const alreadyCaptured = error instanceof PaymentProviderError && error.paymentIntentStatus === 'succeeded';
      if (!alreadyCaptured) return captureFailed(order, source, error);
    }
    const completed = await move(order, 'completed', ['delivered', 'capture_failed'], source, { finishedAt: services.now(), nextCheckAt: null });
    return orReload(completed, order.id);
  }

  async function captureFailed(order: Order, source: EventSource, error: unknown): Promise<Order> {
    services.log.error({ orderId: order.id, paymentIntentId: order.paymentIntentId, err: error }, 'capture failed after a delivered top-up');
    if (order.status === 'capture_failed') return reschedule(order, retryLater(order));
    const failed = await move(
      order,
      'capture_failed',
      ['delivered'],
      source,
      retryLater(order),
      { error: error instanceof Error ? error.message : String(error) },
    );
    return orReload(failed, order.id);
  }

  /** delivery_failed (or an authorisation held too long) → canceled: the hold on the card is released. */
  async function release(order: Order, source: EventSource): Promise<Order> {
    if (!(await cancelHold(order, `cancel-${order.id}-${order.checkAttempts}`, 'abandoned'))) return reschedule(order, retryLater(order));
    const canceled = await move(
      order,
      'canceled',
      ['delivery_failed', 'authorised', 'delivery_pending'],
      source,
      { finishedAt: services.now(), nextCheckAt: null },
    );
    return orReload(canceled, order.id);
  }

  async function releaseQuietly(paymentIntentId: string, orderId: string) {
    try {
      await payments.cancelPaymentIntent(paymentIntentId, { idempotencyKey: `cancel-${orderId}`, reason: 'fraudulent' });
    } catch (error) {
      services.log.error({ orderId, paymentIntentId, err: error }, 'could not cancel a mismatched payment authorisation');
    }
  }

  /** Learns the outcome of a top-up in delivering (claim expired) or delivery_pending, and acts on it. */
  async function followDelivery(order: Order, source: EventSource): Promise<Order> {
    const result = order.topupTransactionId
      ? await topups.topupStatus(order.topupTransactionId)
      : await topups.findTopupByCustomIdentifier(order.customIdentifier);
    if (result) return recordOutcome(order, { kind: 'result', result }, source);
    if (order.status === 'delivering') {
      // The claim expired with no outcome recorded and the provider has none: an unknown outcome, followed as such.
      const pending = await recordOutcome(order, { kind: 'unknown', reason: 'claim expired' }, source);
      return pending.status === 'delivery_pending' ? followDelivery(pending, source) : pending;
    }
    const claimedLongAgo = !order.claimedAt || services.now().getTime() - order.claimedAt.getTime() >= RESEND_AFTER_MS;
    if (!claimedLongAgo) {
      return reschedule(order, { nextCheckAt: later(services, CHECK_DELAYS_MS.unknownOutcome) });
    }
    // Long after the attempt the provider still has no top-up with our identifier: it never arrived, so send it again.
    const reclaimed = await move(
      order,
      'delivering',
      ['delivery_pending'],
      source,
      { claimedAt: services.now(), nextCheckAt: later(services, CHECK_DELAYS_MS.delivering) },
      { resend: true },
    );
    if (!reclaimed) return load(order.id);
    return recordOutcome(reclaimed, await send(reclaimed), source);
  }

  /** Moves the order as far as it can go now; returns what is recorded at the end. */
  async function advance(orderId: string, source: EventSource, loaded?: Order): Promise<Order> {
    let order = loaded ?? (await load(orderId));
    let verifiedNow = false;
    if (order.status === 'created') {
      order = await verifyAuthorisation(order, source);
      // Found past authorised, the order is being moved on by the caller that authorised it, which settles the payment.
      if (order.status !== 'authorised') return order;
      verifiedNow = true;
    }
    if (order.status === 'authorised' || order.status === 'delivery_pending') {
      const heldSince = order.authorisedAt?.getTime() ?? services.now().getTime();
      if (services.now().getTime() - heldSince >= MAX_AUTHORISATION_MS) return release(order, source);
    }
    if (order.status === 'authorised') {
      if (!verifiedNow) order = await stillAuthorised(order, source);
      if (order.status === 'authorised') return deliver(order, source);
    }
    if (order.status === 'delivered' || order.status === 'capture_failed') return capture(order, source);
    if (order.status === 'delivery_failed') return release(order, source);
    return order;
  }

  return {
    /**
     * The browser's and the webhook's entry: deliver a paid order once and settle its payment. A caller that has just
     * read the order may pass it to save reading it again; every move is conditional on the status it was read in.
     */
    fulfil(orderId: string, source: EventSource, loaded?: Order): Promise<Order> {
      return once(orderId, () => advance(orderId, source, loaded));
    },
    /** The reconciler's entry: like fulfil, and also follows deliveries whose outcome is not known yet. */
    reconcile(orderId: string): Promise<Order> {
      return once(orderId, async () => {
        const order = await load(orderId);
        const claimExpired =
          order.status === 'delivering' && (!order.claimedAt || services.now().getTime() - order.claimedAt.getTime() >= CHECK_DELAYS_MS.delivering);
        if (order.status === 'delivery_pending' || claimExpired) {
          const heldSince = order.authorisedAt?.getTime() ?? services.now().getTime();
          if (order.status === 'delivery_pending' && services.now().getTime() - heldSince >= MAX_AUTHORISATION_MS) {
            return release(order, 'reconciler');
          }
          return followDelivery(order, 'reconciler');
        }
        return advance(orderId, 'reconciler');
      });
    },
    /**
     * For a result screen waiting on a PROCESSING top-up: asks the providers now instead of at the next reconcile. An
     * unpaid order is checked for an authorisation whose top-up call never reached us (a lost connection), and then
     * delivered like any paid order.
     */
    refresh(orderId: string): Promise<Order> {
      return once(orderId, async () => {
        const order = await load(orderId);
        if (order.status === 'delivery_pending') return followDelivery(order, 'browser');
        if (order.status !== 'created' || !order.paymentIntentId) return order;
        try {
          return await advance(orderId, 'browser', order);
        } catch (error) {
          if (error instanceof PaymentNotAuthorisedError) return load(orderId);
          throw error;
        }
      });
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
