/**
 * The money core: one order's way from a held payment to a delivered, charged top-up, in phases.
 *
 *   authorise.ts  created → authorised: the provider's authorisation is checked against the order (amount, currency,
 *                 order, user) and, when its destination is still served, claimed for delivery in the same statement;
 *   deliver.ts    authorised → delivering → delivered / delivery_pending / delivery_failed: the top-up is sent once
 *                 and its outcome recorded; an unknown one is looked up later, never sent blind;
 *   settle.ts     delivered → completed (capture), delivery_failed or a hold kept too long → canceled (release), a
 *                 capture refused → capture_failed;
 *   policy.ts     the timings and the reasons an order waits for a person.
 *
 * The browser's top-up call, the payment webhook and the reconciler all end in advance() below, from whatever status a
 * previous step (or crash) left the order in, so whichever comes second finds the recorded result. The phases share
 * one FulfilmentContext (context.ts). The state machine is in ../state-machine.ts and drawn in docs/architecture.md;
 * why it is built so is in docs/decisions/007-checkout-orders-and-fulfilment.md, and the statements an order costs
 * in ADRs 027, 029 and 031.
 */
import { UUID } from '../../db/ids';
import type { Payment } from '../../payments/provider';
import type { OrderServices } from '../services';
import type { EventSource, Order } from '../state-machine';
import {
  authoriseAndClaim,
  keepSavedCard,
  keepSavedCardOf,
  justAuthorisedGuard,
  PaymentNotAuthorisedError,
  stillAuthorised,
  verifyAuthorisation,
  type JustAuthorisedRequest,
} from './authorise';
import { createFulfilmentContext, destinationServed, load, needsPerson, type FulfilmentContext } from './context';
import { afterRelease, deliver, followDelivery, lookUp, recordOutcome, send } from './deliver';
import { ATTENTION_REASONS, ATTENTION_RECHECK_MS, claimExpired, heldTooLong, later, sentLongAgo } from './policy';
import { capture, release } from './settle';
import { closeExpiredReview } from './review';
import { assessPayment } from '../../risk/assess';

export { PaymentNotAuthorisedError, type JustAuthorisedRequest } from './authorise';
export {
  amountMismatch,
  ATTENTION_REASONS,
  ATTENTION_RECHECK_MS,
  CHECK_DELAYS_MS,
  LATE_DELIVERY_WATCH_MS,
  MAX_AUTHORISATION_MS,
  PENDING_LOOKUPS,
  RESEND_AFTER_MS,
} from './policy';

/** Runs `work` for the order unless a run for it is under way in this process, whose result is then the answer. */
function once(ctx: FulfilmentContext, orderId: string, work: () => Promise<Order>): Promise<Order> {
  const current = ctx.running.get(orderId);
  if (current) return current;
  const run = work().finally(() => ctx.running.delete(orderId));
  ctx.running.set(orderId, run);
  return run;
}

/** Moves the order as far as it can go now; returns what is recorded at the end. */
async function advance(ctx: FulfilmentContext, orderId: string, source: EventSource, loaded?: Order): Promise<Order> {
  const { now } = ctx.services;
  let order = loaded ?? (await load(ctx, orderId));
  let verifiedNow = false;
  if (order.status === 'created') {
    // Authorised and claimed for delivery in one statement, unless its destination was switched off since checkout:
    // then it is only authorised, and deliver() below releases it.
    order = await verifyAuthorisation(ctx, order, source, await destinationServed(ctx, order));
    if (ctx.claimedWithAuthorisation.has(order)) return recordOutcome(ctx, order, await send(ctx, order), source);
    // Found past authorised, the order is being moved on by the caller that authorised it, which settles the payment.
    if (order.status !== 'authorised') return order;
    verifiedNow = true;
  }
  // Never sent: past the limit the hold is released. (An unknown outcome at the limit goes to a person instead.)
  if (order.status === 'authorised' && heldTooLong(order, now())) return release(ctx, order, source);
  if (order.status === 'authorised') {
    if (!verifiedNow) order = await stillAuthorised(ctx, order, source);
    if (order.status === 'authorised') return deliver(ctx, order, source);
  }
  // An order a person must settle is not captured automatically.
  if ((order.status === 'delivered' || order.status === 'capture_failed') && !order.attentionReason) return capture(ctx, order, source);
  if (order.status === 'delivery_failed') return release(ctx, order, source);
  return order;
}

/**
 * The browser's top-up call right after its payment was authorised, without reading the order first: the provider's
 * payment names the order (its metadata), and one statement authorises and claims it only if the row is this user's
 * order of this payment, for the payment's amount, matching what the browser repeats, within the limits.
 * Then its top-up is sent and its payment settled as fulfil() would. Null when anything else holds (a payment not
 * authorised, of another user, unreadable; an order already moved, a request that differs, a limit reached, a
 * destination switched off, a move of this order under way here): the caller then takes fulfil()'s way, which reads
 * the order and says why.
 */
async function fulfilJustAuthorised(ctx: FulfilmentContext, request: JustAuthorisedRequest): Promise<Order | null> {
  const { services, running } = ctx;
  let payment: Payment;
  try {
    payment = await ctx.payments.getPayment(request.paymentId);
  } catch {
    return null;
  }
  const { orderId, userId } = payment.metadata;
  if (!orderId || !UUID.test(orderId) || userId !== request.userId || payment.status !== 'authorised' || payment.currency.toLowerCase() !== 'usd')
    return null;
  const { countryIso, operatorId } = request.destination;
  if ((await services.destinations.refusal(countryIso, operatorId)) !== null) return null;
  // Only a payment the risk rules allow is sent on this way; fulfil()'s way refuses or holds the others.
  if ((await assessPayment(ctx.db, orderId, payment, services.now()))?.action !== 'allow') return null;
  // Checked after the last wait and marked at once: two calls at once never both go this way.
  if (running.has(orderId)) return null;
  const work = (async () => {
    const claimed = await authoriseAndClaim(ctx, orderId, payment, 'browser', justAuthorisedGuard(ctx, request, payment));
    if (claimed) await keepSavedCard(ctx, claimed.userId, payment);
    return claimed && recordOutcome(ctx, claimed, await send(ctx, claimed), 'browser');
  })();
  // Another move of this order in this process meanwhile waits for this one, as once() makes it.
  const tracked = work.then((order) => order ?? load(ctx, orderId));
  tracked.catch(() => undefined);
  running.set(orderId, tracked);
  try {
    return await work;
  } finally {
    running.delete(orderId);
  }
}

/**
 * Moves orders forward — verify the authorisation, deliver once, then capture or release — from whatever status a
 * previous step (or crash) left them in. Calls for one order in this process share one run.
 */
export function createFulfilment(services: OrderServices) {
  const ctx = createFulfilmentContext(services);

  return {
    fulfilJustAuthorised: (request: JustAuthorisedRequest) => fulfilJustAuthorised(ctx, request),
    /**
     * The browser's and the webhook's entry: deliver a paid order once and settle its payment. A caller that has just
     * read the order may pass it to save reading it again; every move is conditional on the status it was read in.
     */
    fulfil(orderId: string, source: EventSource, loaded?: Order): Promise<Order> {
      return once(ctx, orderId, () => advance(ctx, orderId, source, loaded));
    },
    /**
     * The reconciler's entry (and a person's "check now"): like fulfil, and also follows deliveries whose outcome is
     * not known yet, refunds left mid-way or refused, and holds a person released.
     */
    reconcile(orderId: string, source: EventSource = 'reconciler'): Promise<Order> {
      return once(ctx, orderId, async () => {
        const order = await load(ctx, orderId);
        if (order.status === 'delivery_pending' || claimExpired(order, services.now())) {
          const followed = await followDelivery(ctx, order, source);
          // Still unknown at the authorisation limit: the top-up may have gone out, so the hold is not released
          // automatically; a person settles it while the lookups go on.
          if (followed.status === 'delivery_pending' && heldTooLong(followed, services.now())) {
            return needsPerson(ctx, followed, source, ATTENTION_REASONS.outcomeUnknownAtLimit, {
              nextCheckAt: later(services.now(), ATTENTION_RECHECK_MS),
            });
          }
          return followed;
        }
        if (order.status === 'in_review') {
          const closed = await closeExpiredReview(ctx, order, source);
          return closed.status === 'canceled' ? afterRelease(ctx, closed, source) : closed;
        }
        if (order.status === 'refunding') return ctx.refunds.settle(order, source);
        if (order.status === 'refund_failed') return ctx.refunds.retry(order, source);
        if (order.status === 'canceled' && order.nextCheckAt) return afterRelease(ctx, order, source);
        return advance(ctx, orderId, source, order);
      });
    },
    /**
     * After a person approved an order in review (in_review → delivering, with its claim): its top-up is sent now, and
     * its payment settled as for any delivery. An order found in another status is answered as it is.
     */
    sendApproved(orderId: string, source: EventSource): Promise<Order> {
      return once(ctx, orderId, async () => {
        const order = await load(ctx, orderId);
        if (order.status !== 'delivering' || order.topupTransactionId) return order;
        const outcome = await recordOutcome(ctx, order, await send(ctx, order), source);
        // A card its payer asked to keep is saved once the payment may go ahead, as at any authorisation (ADR 063).
        await keepSavedCardOf(ctx, order);
        return outcome;
      });
    },
    /**
     * Before a person releases the hold of an order in delivery_pending, its top-up is looked up, exactly as the
     * reconciler looks it up, and an outcome found is recorded (a delivered top-up is captured, a failed one released).
     * `releasable` is true only when the provider has no record of a top-up sent long enough ago to have arrived, or no
     * longer knows a transaction it gave us: then nothing says the top-up may still succeed, and a person may decide.
     */
    async lookUpBeforeRelease(orderId: string, source: EventSource): Promise<{ order: Order; releasable: boolean }> {
      let releasable = false;
      const order = await once(ctx, orderId, async () => {
        const current = await load(ctx, orderId);
        if (current.status !== 'delivery_pending') return current;
        const result = await lookUp(ctx, current);
        if (result) return recordOutcome(ctx, current, { kind: 'result', result }, source);
        releasable = current.topupTransactionId !== null || sentLongAgo(current, services.now());
        return current;
      });
      return { order, releasable };
    },
    /**
     * For a result screen waiting on a PROCESSING top-up: asks the providers now instead of at the next reconcile. An
     * unpaid order is checked for an authorisation whose top-up call never reached us (a lost connection), and then
     * delivered like any paid order.
     */
    refresh(orderId: string): Promise<Order> {
      return once(ctx, orderId, async () => {
        const order = await load(ctx, orderId);
        if (order.status === 'delivery_pending') return followDelivery(ctx, order, 'browser');
        if (order.status !== 'created' || !order.paymentId) return order;
        try {
          return await advance(ctx, orderId, 'browser', order);
        } catch (error) {
          if (error instanceof PaymentNotAuthorisedError) return load(ctx, orderId);
          throw error;
        }
      });
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
