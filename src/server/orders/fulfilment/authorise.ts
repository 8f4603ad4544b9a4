import { and, eq, sql } from 'drizzle-orm';
import { failureOf } from '../../../shared/api/failure-reasons';
import { orders } from '../../db/schema';
import type { Payment, PaymentStatus } from '../../payments/provider';
import { DomainError } from '../../domain-error';
import { recipientNotRecentlyToppedUp, withinAuthorisationLimits } from '../limits';
import { transition, type EventSource, type Order, type PreparedGuard } from '../state-machine';
import { closeUncharged, load, move, type FulfilmentContext } from './context';
import { CHECK_DELAYS_MS, later } from './policy';
import { cancelHold, releaseQuietly } from './settle';
import { authorisationFacts } from './authorisation-facts';
import { holdForReview, refuseByRisk } from './review';
import { assessPayment } from '../../risk/assess';
import { rememberSavedCard } from '../../saved-cards/saved-cards';

/** What the browser's top-up call says of the order it paid for (fulfilJustAuthorised). */
export interface JustAuthorisedRequest {
  paymentId: string;
  userId: string;
  /** The country and operator the call names: the order's must be these, and they must still be served. */
  destination: { countryIso: string; operatorId: number };
  /** The amount the call names, when it names one: the order's must be this. */
  amountCents?: number;
  /** The stored numbers the call's number may stand for (storedNumbersMatching), when it names one. */
  recipientPhones?: readonly string[];
}

/**
 * The order's payment is not (or no longer) authorised: nothing is delivered. A conflict: the payer has not finished
 * paying (or is still being decided on: processing), or the payment was released; the status is its detail.
 */
export class PaymentNotAuthorisedError extends DomainError {
  override name = 'PaymentNotAuthorisedError';
  constructor(readonly paymentStatus: PaymentStatus) {
    super(
      'conflict',
      'PAYMENT_NOT_AUTHORISED',
      { key: paymentStatus === 'released' ? 'apiErrors.paymentCanceled' : 'apiErrors.paymentNotAuthorised' },
      {
        details: { paymentStatus },
      },
    );
  }
}

function authorisationProblem(order: Order, payment: Payment): string | null {
  if (payment.id !== order.paymentId) return 'the intent is not this order’s';
  if (payment.metadata.orderId !== order.id || payment.metadata.userId !== order.userId) return 'the intent belongs to another order';
  if (payment.amount !== order.totalCents) return `the authorised amount ${payment.amount} differs from the total ${order.totalCents}`;
  if (payment.currency.toLowerCase() !== 'usd') return `the currency ${payment.currency} is not USD`;
  return null;
}

/**
 * created → authorised when the provider says the payment is authorised for exactly this order's total in USD. With `claim`,
 * the same statement also claims it for delivery (authorised → delivering, the move deliver() would make next, one
 * round trip sooner); the order it answers is then in the context's claimedWithAuthorisation, and its top-up is this
 * call's to send.
 */
export async function verifyAuthorisation(ctx: FulfilmentContext, order: Order, source: EventSource, claim: boolean): Promise<Order> {
  const { services } = ctx;
  if (!order.paymentId) throw new PaymentNotAuthorisedError('needs_payment_method');
  const payment = await ctx.payments.getPayment(order.paymentId);
  const problem = authorisationProblem(order, payment);
  if (problem) {
    services.log.error({ orderId: order.id, paymentIntentId: payment.id, problem }, 'payment authorisation does not match the order');
    if (payment.status === 'authorised') await releaseQuietly(ctx, payment.id, order.id);
    return closeUncharged(ctx, order, 'created', source, failureOf('AUTHORISATION_MISMATCH'), { problem });
  }
  if (payment.status === 'released') {
    const failure = failureOf('PAYMENT_CANCELED');
    return closeUncharged(ctx, order, 'created', source, failure, { cancellationReason: payment.releaseReason });
  }
  if (payment.status !== 'authorised') {
    // Captured or released meanwhile by another instance that fulfilled the order: its record is the answer.
    const current = await load(ctx, order.id);
    if (current.status !== 'created') return current;
    throw new PaymentNotAuthorisedError(payment.status);
  }
  const authorisation = { paymentIntentId: payment.id, amount: payment.amount };
  const guard = withinAuthorisationLimits(services.now(), services.limits.defaults);
  // The risk rules, now that the provider has described the card: refused → released; review → held, unsent.
  const risk = (await assessPayment(ctx.db, order.id, payment, services.now()))!;
  if (risk.action === 'refuse') return refuseByRisk(ctx, order, source, risk);
  if (risk.action === 'review') {
    const held = await holdForReview(ctx, order, payment, source, risk, guard);
    if (held) return held;
    const current = await load(ctx, order.id);
    if (current.status !== 'created') return current;
    // Still created: a limit refused it; the way below says which and releases it (its guard refuses it again).
  }
  const authorised =
    risk.action === 'review'
      ? null
      : claim
        ? await authoriseAndClaim(ctx, order.id, payment, source, guard)
        : await move(
            ctx,
            order,
            'authorised',
            ['created'],
            source,
            { authorisedAt: services.now(), nextCheckAt: later(services.now(), CHECK_DELAYS_MS.afterStep), ...authorisationFacts(payment) },
            authorisation,
            guard,
          );
  if (authorised && claim) ctx.claimedWithAuthorisation.add(authorised);
  if (authorised) await keepSavedCard(ctx, order.userId, payment);
  if (authorised) return authorised;
  const current = await load(ctx, order.id);
  if (current.status !== 'created') return current;
  // Still created: the move was refused by a guard, not made by another caller. Which one tells the customer why.
  const [numberFree] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, order.id), recipientNotRecentlyToppedUp(services.now(), services.limits.defaults)));
  return numberFree ? refuseOverLimit(ctx, current, source) : refuseRecentlyToppedUp(ctx, current, source);
}

/**
 * The card of a payment made to keep it (ADR 063) joins the customer's saved cards once the payment is authorised for
 * their order. Not saving it never stops the order: the payer is told nothing worse than a card to type again.
 */
export async function keepSavedCard(ctx: FulfilmentContext, userId: string, payment: Payment): Promise<void> {
  if (!payment.savedCard) return;
  try {
    await rememberSavedCard(ctx.db, userId, ctx.payments.kind, payment.savedCard, ctx.services.now());
  } catch (error) {
    ctx.services.log.warn({ err: error, paymentIntentId: payment.id }, 'the card kept by a payment could not be saved');
  }
}

/** keepSavedCard for an order whose payment is not at hand (an order a person approved): read from the provider. */
export async function keepSavedCardOf(ctx: FulfilmentContext, order: Order): Promise<void> {
  if (!order.paymentId) return;
  try {
    await keepSavedCard(ctx, order.userId, await ctx.payments.getPayment(order.paymentId));
  } catch (error) {
    ctx.services.log.warn({ err: error, orderId: order.id }, 'the payment of an approved order could not be read to save its card');
  }
}

/**
 * created → authorised → delivering in one statement, for the payment's authorisation, when `guard` (the limits, and
 * whatever else the caller asks of the order row) holds; null when it does not, or the order was not created.
 */
export function authoriseAndClaim(ctx: FulfilmentContext, orderId: string, payment: Payment, source: EventSource, guard: PreparedGuard) {
  const { now } = ctx.services;
  return transition(ctx.db, {
    orderId,
    from: ['created'],
    to: 'delivering',
    source,
    patch: { authorisedAt: now(), claimedAt: now(), nextCheckAt: later(now(), CHECK_DELAYS_MS.delivering), ...authorisationFacts(payment) },
    guard,
    via: { status: 'authorised', detail: { paymentIntentId: payment.id, amount: payment.amount } },
    now: now(),
  });
}

/**
 * fulfilJustAuthorised's guard: the row is this user's order of this payment, for the payment's amount, with what the
 * call names, within the authorisation limits. Prepared: one SQL per combination of the details the call names.
 */
export function justAuthorisedGuard(ctx: FulfilmentContext, request: JustAuthorisedRequest, payment: Payment): PreparedGuard {
  const limits = withinAuthorisationLimits(ctx.services.now(), ctx.services.limits.defaults);
  const named = (key: string) => sql.placeholder(`claim.${key}`);
  const withAmount = request.amountCents !== undefined;
  const withPhones = request.recipientPhones !== undefined;
  return {
    name: `just-authorised${withAmount ? '+amount' : ''}${withPhones ? '+phone' : ''}+${limits.name}`,
    build: () =>
      and(
        eq(orders.userId, named('userId')),
        eq(orders.paymentId, named('paymentId')),
        eq(orders.totalCents, named('totalCents')),
        eq(orders.countryIso, named('countryIso')),
        eq(orders.operatorId, named('operatorId')),
        withAmount ? eq(orders.amountCents, named('amountCents')) : undefined,
        withPhones ? sql`${orders.recipientPhone} = any(${named('recipientPhones')}::text[])` : undefined,
        limits.build(),
      )!,
    values: {
      ...limits.values,
      'claim.userId': request.userId,
      'claim.paymentId': payment.id,
      'claim.totalCents': payment.amount,
      'claim.countryIso': request.destination.countryIso,
      'claim.operatorId': request.destination.operatorId,
      'claim.amountCents': request.amountCents,
      'claim.recipientPhones': request.recipientPhones && [...request.recipientPhones],
    },
  };
}

/** Another order for the same number was paid within the wait between top-ups: this one is released before anything is sent. */
async function refuseRecentlyToppedUp(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  if (!(await cancelHold(ctx, order, `cancel-${order.id}-recently-topped-up`, 'abandoned'))) return load(ctx, order.id);
  const { recipientCooldownMinutes } = await ctx.services.limits.current();
  const failure = failureOf('RECIPIENT_RECENTLY_TOPPED_UP');
  return closeUncharged(ctx, order, 'created', source, failure, { recipientCooldownMinutes });
}

/**
 * A payment authorised for an order that no longer fits under the user's 24-hour cap (other checkouts started
 * alongside it were paid first): the hold is released and the order closed, nothing delivered or charged. Should
 * the release fail, the order stays unpaid for the reconciler, which releases the payment at the latest when the
 * payment window closes.
 */
async function refuseOverLimit(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  if (!(await cancelHold(ctx, order, `cancel-${order.id}-over-limit`, 'abandoned'))) return load(ctx, order.id);
  const failure = failureOf('DAILY_LIMIT_REACHED');
  const { dailySpendLimitCents } = await ctx.services.limits.current();
  return closeUncharged(ctx, order, 'created', source, failure, { dailySpendLimitCents });
}

/** Before delivering an order authorised earlier (not in this call), the hold must still be there. */
export async function stillAuthorised(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  const payment = await ctx.payments.getPayment(order.paymentId!);
  if (payment.status === 'authorised' && !authorisationProblem(order, payment)) return order;
  const closed = await closeUncharged(ctx, order, 'authorised', source, failureOf('AUTHORISATION_LOST'), { paymentStatus: payment.status });
  // Released only when this call closed the order: one moved on meanwhile is being delivered against that hold.
  if (closed.status === 'canceled' && closed.failureCode === 'AUTHORISATION_LOST' && payment.status === 'authorised') {
    await releaseQuietly(ctx, payment.id, order.id);
  }
  return closed;
}
