import { PaymentProviderError } from '../../payments/provider';
import type { EventSource, Order, OrderPatch, OrderStatus } from '../state-machine';
import { load, move, needsPerson, orReload, reschedule, type FulfilmentContext } from './context';
import { ATTENTION_REASONS, CHECK_DELAYS_MS, later, retryLater } from './policy';

/** Cancels the order's authorisation; true when it is released (or was already), false after logging a failure. */
export async function cancelHold(ctx: FulfilmentContext, order: Order, idempotencyKey: string, reason: 'abandoned'): Promise<boolean> {
  const { payments } = ctx;
  const { log } = ctx.services;
  try {
    await payments.releasePayment(order.paymentId!, { idempotencyKey, reason });
    return true;
  } catch (error) {
    if (error instanceof PaymentProviderError && error.paymentStatus === 'released') return true;
    log.error({ orderId: order.id, paymentIntentId: order.paymentId, err: error }, 'could not release the payment authorisation');
    return false;
  }
}

/** Releases an authorisation that does not match its order; a failure is only logged. */
export async function releaseQuietly(ctx: FulfilmentContext, paymentId: string, orderId: string) {
  try {
    await ctx.payments.releasePayment(paymentId, { idempotencyKey: `cancel-${orderId}`, reason: 'fraudulent' });
  } catch (error) {
    ctx.services.log.error({ orderId, paymentIntentId: paymentId, err: error }, 'could not cancel a mismatched payment authorisation');
  }
}

/** Releases the hold of an order that is (or is about to be) canceled; keyed by attempt, so a retry is a new request. */
export const releaseAgain = (ctx: FulfilmentContext, order: Order) =>
  cancelHold(ctx, order, `cancel-${order.id}-${order.checkAttempts}`, 'abandoned');

/** delivery_failed (or an authorisation held too long) → canceled: the hold on the card is released. */
export async function release(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  const { now } = ctx.services;
  if (!(await releaseAgain(ctx, order))) return reschedule(ctx, order, retryLater(order, now()));
  const canceled = await move(ctx, order, 'canceled', ['delivery_failed', 'authorised'], source, { finishedAt: now(), nextCheckAt: null });
  return orReload(ctx, canceled, order.id);
}

/**
 * Captures the order's hold: `captured` once it is captured (by this call, or before it: a capture retried after a
 * crash is answered as already made), with the processor's fee when the provider tells it, else the provider's refusal.
 */
async function captureHold(ctx: FulfilmentContext, order: Order): Promise<{ captured: OrderPatch } | { refusal: unknown }> {
  try {
    const payment = await ctx.payments.capturePayment(order.paymentId!, { idempotencyKey: `capture-${order.id}-${order.checkAttempts}` });
    return { captured: payment.processorFeeCents === null ? {} : { processorFeeCents: payment.processorFeeCents } };
  } catch (error) {
    return error instanceof PaymentProviderError && error.paymentStatus === 'captured' ? { captured: {} } : { refusal: error };
  }
}

/** A delivered order whose capture was refused: a lapsed hold goes to a person, any other refusal is retried. */
function afterRefusedCapture(ctx: FulfilmentContext, order: Order, source: EventSource, refusal: unknown): Promise<Order> {
  if (refusal instanceof PaymentProviderError && refusal.paymentStatus === 'released') return holdLapsed(ctx, order, source, refusal);
  return captureFailed(ctx, order, source, refusal);
}

/**
 * delivered / capture_failed → completed. Only ever called after a SUCCESSFUL delivery was recorded. A hold that
 * lapsed before capture (the payment is released) cannot be captured any more: a person settles it.
 */
export async function capture(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  const held = await captureHold(ctx, order);
  if ('refusal' in held) return afterRefusedCapture(ctx, order, source, held.refusal);
  const patch = { ...held.captured, finishedAt: ctx.services.now(), nextCheckAt: null };
  const completed = await move(ctx, order, 'completed', ['delivered', 'capture_failed'], source, patch);
  return orReload(ctx, completed, order.id);
}

/**
 * A top-up the provider reports SUCCESSFUL, for the amount sent, of an order in delivering or delivery_pending:
 * captured, then recorded delivered and completed by one statement (both moves and their events), which saves the
 * round trip of recording delivered first. Capture needs only the provider's answer, which this call holds; should
 * the process stop after the capture, the order is still in delivering or delivery_pending, and the reconciler looks
 * the top-up up, finds it SUCCESSFUL and captures again with the same idempotency key (the provider answers the
 * first capture), so it is completed all the same. A refused capture records delivered first, then goes on as
 * capture() does.
 */
export async function captureDelivery(
  ctx: FulfilmentContext,
  order: Order,
  source: EventSource,
  delivered: OrderPatch,
  detail: Record<string, unknown>,
): Promise<Order> {
  const { now } = ctx.services;
  const from: OrderStatus[] = ['delivering', 'delivery_pending'];
  const held = await captureHold(ctx, order);
  if ('refusal' in held) {
    const patch = { ...delivered, nextCheckAt: later(now(), CHECK_DELAYS_MS.afterStep) };
    const recorded = await move(ctx, order, 'delivered', from, source, patch, detail);
    if (!recorded) return load(ctx, order.id);
    return afterRefusedCapture(ctx, recorded, source, held.refusal);
  }
  const patch = { ...delivered, ...held.captured, finishedAt: now(), nextCheckAt: null };
  const completed = await move(ctx, order, 'completed', from, source, patch, undefined, undefined, {
    status: 'delivered',
    detail,
  });
  return orReload(ctx, completed, order.id);
}

/** The hold lapsed before capture: retrying cannot help, so the order stops in capture_failed for a person. */
async function holdLapsed(ctx: FulfilmentContext, order: Order, source: EventSource, error: PaymentProviderError): Promise<Order> {
  const detail = { error: error.message, code: error.code };
  const failed =
    order.status === 'capture_failed' ? order : await move(ctx, order, 'capture_failed', ['delivered'], source, { nextCheckAt: null }, detail);
  if (!failed) return load(ctx, order.id);
  return needsPerson(ctx, failed, source, ATTENTION_REASONS.holdLapsed, { nextCheckAt: null }, detail);
}

async function captureFailed(ctx: FulfilmentContext, order: Order, source: EventSource, error: unknown): Promise<Order> {
  const { log, now } = ctx.services;
  log.error({ orderId: order.id, paymentIntentId: order.paymentId, err: error }, 'capture failed after a delivered top-up');
  if (order.status === 'capture_failed') return reschedule(ctx, order, retryLater(order, now()));
  const failed = await move(ctx, order, 'capture_failed', ['delivered'], source, retryLater(order, now()), {
    error: error instanceof Error ? error.message : String(error),
  });
  return orReload(ctx, failed, order.id);
}
