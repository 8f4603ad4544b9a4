import { failureOf } from '../../../shared/api/failure-reasons';
import { PaymentProviderError, type Payment } from '../../payments/provider';
import type { PaymentAssessment } from '../../risk/assess';
import type { EventSource, Order, OrderPatch, PreparedGuard } from '../state-machine';
import { reviewDeadline } from '../../risk/assess';
import { authorisationFacts } from './authorisation-facts';
import { closeUncharged, load, move, reschedule, type FulfilmentContext } from './context';
import { CHECK_DELAYS_MS, later } from './policy';

/*
 * What the risk rules decide once a card is authorised (ADR 044, 046): a payment refused is released before anything
 * is sent; one held for review stays authorised, unsent, in in_review, until a person approves it (sent now), rejects
 * it or the review window ends (released). Nothing here ever sends an order in review by itself.
 */

const firedIds = (risk: PaymentAssessment) => risk.fired.map((rule) => rule.id);

/** created → canceled: the rules refuse the authorised payment; the hold is released and nothing is sent. */
export async function refuseByRisk(ctx: FulfilmentContext, order: Order, source: EventSource, risk: PaymentAssessment): Promise<Order> {
  ctx.services.log.warn({ orderId: order.id, rules: firedIds(risk) }, 'payment refused by the risk rules');
  try {
    await ctx.payments.releasePayment(order.paymentId!, { idempotencyKey: `cancel-${order.id}-risk`, reason: 'fraudulent' });
  } catch (error) {
    // Should the release fail, the order stays unpaid for the reconciler, which releases the payment when its window closes.
    if (!(error instanceof PaymentProviderError && error.paymentStatus === 'released')) {
      ctx.services.log.error({ orderId: order.id, paymentIntentId: order.paymentId, err: error }, 'could not release a refused payment');
      return load(ctx, order.id);
    }
  }
  return closeUncharged(ctx, order, 'created', source, failureOf('PAYMENT_NOT_ACCEPTED'), { rules: firedIds(risk) });
}

/**
 * created → authorised → in_review in one statement (within the same limits as any authorisation): held, unsent, until
 * a person decides or the review window ends (nextCheckAt). Null when the order was not created or a limit refused it.
 */
export function holdForReview(
  ctx: FulfilmentContext,
  order: Order,
  payment: Payment,
  source: EventSource,
  risk: PaymentAssessment,
  guard: PreparedGuard,
) {
  const now = ctx.services.now();
  return move(
    ctx,
    order,
    'in_review',
    ['created'],
    source,
    { authorisedAt: now, nextCheckAt: later(now, risk.reviewWindowMinutes * 60_000), ...authorisationFacts(payment) },
    { rules: firedIds(risk) },
    guard,
    { status: 'authorised', detail: { paymentIntentId: payment.id, amount: payment.amount } },
  );
}

/** What a person's approval writes (in_review → delivering): the claim the top-up is then sent under. */
export const approvedPatch = (now: Date): OrderPatch => ({ claimedAt: now, nextCheckAt: later(now, CHECK_DELAYS_MS.delivering) });

/**
 * What ending a review writes (in_review → canceled): why, and a look right away, where the reconciler releases the
 * hold (afterRelease), again until it is released.
 */
export function reviewEndedPatch(now: Date, kind: 'rejected' | 'window_ended'): OrderPatch {
  const failure = failureOf(kind === 'rejected' ? 'PAYMENT_NOT_ACCEPTED' : 'REVIEW_WINDOW_ENDED');
  return { failureCode: failure.code, failureMessage: failure.message, finishedAt: now, nextCheckAt: now };
}

/**
 * The reconciler's: an order still in review at the end of its window is closed, never sent; the caller releases it.
 * Before then it is only looked at again when the window ends (the reconciler's lease moved its next check).
 */
export async function closeExpiredReview(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  const now = ctx.services.now();
  const deadline = await reviewDeadline(ctx.db, order, now);
  if (deadline.getTime() > now.getTime()) return reschedule(ctx, order, { nextCheckAt: deadline });
  const closed = await move(ctx, order, 'canceled', ['in_review'], source, reviewEndedPatch(now, 'window_ended'), { review: 'window_ended' });
  return closed ?? load(ctx, order.id);
}
