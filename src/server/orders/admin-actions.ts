import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import { adminActionsFor, type AdminOrderAction } from '../../shared/api/admin';
import { type AdminActionName } from '../../shared/api/admin-audit';
import { failureOf } from '../../shared/api/failure-reasons';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import { orderEvents, orderRiskSignals, orders } from '../db/schema';
import { DomainError } from '../domain-error';
import { PaymentProviderError } from '../payments/provider';
import { TopupProviderError } from '../topups/provider';
import { PaymentNotAuthorisedError, type Fulfilment } from './fulfilment';
import { REFUND_CLAIM_MS } from './refunds';
import type { OrderServices } from './services';
import { transition, type Order, type OrderPatch, type OrderStatus } from './state-machine';
import { approvedPatch, reviewEndedPatch } from './fulfilment/review';
import { addToBlocklist } from '../risk/settings';

/** An admin's action on an order: who, on which order, and why (kept on the order's timeline and in the audit log). */
export interface AdminOrderActionRequest {
  orderId: string;
  actor: AdminActor;
  reason: string;
}

/** What the customer reads on an order whose hold a person released. */
export const RELEASED_BY_SUPPORT = failureOf('RELEASED_BY_SUPPORT');

function orderNotFound(): DomainError {
  return new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.orderNotFound' });
}

/** The order changed meanwhile, or its status does not allow the action: the answer says what it is now. */
function statusConflict(status: string): DomainError {
  return new DomainError('conflict', 'ORDER_STATUS_CONFLICT', { key: 'apiErrors.orderStatusConflict', params: { status } }, { details: { status } });
}

/** A provider could not be asked: nothing was decided, the action may be tried again. */
function providerUnavailable(error: unknown): unknown {
  if (error instanceof PaymentProviderError || error instanceof TopupProviderError) {
    return new DomainError('unavailable', 'PROVIDER_UNAVAILABLE', { key: 'apiErrors.serviceUnavailable' });
  }
  return error;
}

async function loadOrder(services: OrderServices, orderId: string): Promise<Order> {
  const [order] = await services.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw orderNotFound();
  return order;
}

function allow(order: Order, action: AdminOrderAction) {
  if (!adminActionsFor(order.status as OrderStatus).includes(action)) throw statusConflict(order.status);
}

interface AdminMove {
  order: Order;
  to: OrderStatus;
  action: AdminActionName;
  patch: OrderPatch;
  detail?: Record<string, unknown>;
  guard?: SQL;
}

/**
 * The admin's move of the order and its audit row, in one transaction: the event names the admin (actor_id) and keeps
 * their reason. Null, with nothing written, when the order is no longer in the status it was read in.
 */
function moveAndRecord(services: OrderServices, request: AdminOrderActionRequest, move: AdminMove): Promise<Order | null> {
  const now = services.now();
  const from = move.order.status as OrderStatus;
  return services.db.transaction(async (tx) => {
    const moved = await transition(tx, {
      orderId: move.order.id,
      from: [from],
      to: move.to,
      source: 'admin',
      actorId: request.actor.id,
      patch: move.patch,
      detail: { ...move.detail, reason: request.reason },
      guard: move.guard,
      now,
    });
    if (!moved) return null;
    await recordAdminAction(tx, {
      actor: request.actor,
      action: move.action,
      targetType: 'order',
      targetId: moved.id,
      reason: request.reason,
      before: { status: from },
      after: { status: moved.status },
      now,
    });
    return moved;
  });
}

/** Runs the reconciler's own step for the order now; what it could not do (a provider down), the reconciler does later. */
async function reconcileNow(services: OrderServices, fulfilment: Fulfilment, orderId: string): Promise<Order> {
  try {
    return await fulfilment.reconcile(orderId, 'admin');
  } catch (error) {
    services.log.warn({ orderId, err: error }, 'an admin action’s follow-up step failed; the reconciler will do it');
    return loadOrder(services, orderId);
  }
}

/**
 * "Check now": the reconciler's idempotent step for the order, run at once (it delivers a paid order, follows a
 * pending delivery, captures, releases, or asks again for a refund left mid-way or refused). The admin's event (with
 * the status before and after) and audit row are written together once the step is done.
 */
export async function checkNow(services: OrderServices, fulfilment: Fulfilment, request: AdminOrderActionRequest): Promise<Order> {
  const order = await loadOrder(services, request.orderId);
  allow(order, 'check');
  try {
    await fulfilment.reconcile(order.id, 'admin');
  } catch (error) {
    // An unpaid order stays unpaid: that is the check's answer, not a failure.
    if (!(error instanceof PaymentNotAuthorisedError)) throw providerUnavailable(error);
  }
  const now = services.now();
  return services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: current!.status,
      toStatus: current!.status,
      source: 'admin',
      actorId: request.actor.id,
      detail: { action: 'check', reason: request.reason, before: order.status },
      createdAt: now,
    });
    await recordAdminAction(tx, {
      actor: request.actor,
      action: 'order.check',
      targetType: 'order',
      targetId: order.id,
      reason: request.reason,
      before: { status: order.status },
      after: { status: current!.status },
      now,
    });
    return current!;
  });
}

/**
 * "Release the hold": cancels the authorisation of an order that is not delivered (authorised, delivery_failed, or
 * delivery_pending). A pending delivery is first looked up exactly as the reconciler looks it up: a top-up found
 * delivered is captured instead (409 with the new status), one still processing keeps its hold (409), one failed is
 * released by the fulfilment itself (409, canceled). Only when the provider has no record of a top-up sent long enough
 * ago, or no longer knows the transaction it gave, is the hold released; the reconciler then watches for a late
 * delivery. The order is closed first (with the admin's event and audit row) so that nothing can deliver it while the
 * hold goes; the hold itself is released right after, and by the reconciler should that fail.
 */
export async function releaseHold(services: OrderServices, fulfilment: Fulfilment, request: AdminOrderActionRequest): Promise<Order> {
  let order = await loadOrder(services, request.orderId);
  allow(order, 'release');
  if (order.status === 'delivery_pending') {
    let looked: Awaited<ReturnType<Fulfilment['lookUpBeforeRelease']>>;
    try {
      looked = await fulfilment.lookUpBeforeRelease(order.id, 'admin');
    } catch (error) {
      throw providerUnavailable(error);
    }
    if (!looked.releasable) throw statusConflict(looked.order.status);
    order = looked.order;
  }
  const now = services.now();
  const released = await moveAndRecord(services, request, {
    order,
    to: 'canceled',
    action: 'order.release',
    patch: {
      failureCode: RELEASED_BY_SUPPORT.code,
      failureMessage: RELEASED_BY_SUPPORT.message,
      finishedAt: now,
      nextCheckAt: now,
      // The person settled what the order waited for.
      attentionReason: null,
      attentionSince: null,
    },
    // No send may have started since the lookup: a new attempt could be on its way to the provider.
    guard: order.claimedAt ? eq(orders.claimedAt, order.claimedAt) : isNull(orders.claimedAt),
  });
  if (!released) throw statusConflict((await loadOrder(services, order.id)).status);
  return reconcileNow(services, fulfilment, order.id);
}

/**
 * "Refund": gives a completed order's payment back in full. `completed → refunding` is claimed once (with the admin's
 * event and audit row), so of many clicks one refund is asked for; the provider is then asked with a key derived from
 * the order, and the order ends refunded, or refund_failed for the reconciler to try again.
 */
export async function refundOrder(services: OrderServices, fulfilment: Fulfilment, request: AdminOrderActionRequest): Promise<Order> {
  const order = await loadOrder(services, request.orderId);
  allow(order, 'refund');
  const claimed = await moveAndRecord(services, request, {
    order,
    to: 'refunding',
    action: 'order.refund',
    patch: { nextCheckAt: new Date(services.now().getTime() + REFUND_CLAIM_MS) },
    detail: { amount: order.totalCents },
  });
  if (!claimed) throw statusConflict((await loadOrder(services, order.id)).status);
  return reconcileNow(services, fulfilment, order.id);
}

/**
 * "Approve" an order held for review (ADR 046): in_review → delivering, claimed once with the admin's event and audit
 * row (of two admins, the second gets 409 with the status the first left), then its top-up is sent now.
 */
export async function approveReview(services: OrderServices, fulfilment: Fulfilment, request: AdminOrderActionRequest): Promise<Order> {
  const order = await loadOrder(services, request.orderId);
  allow(order, 'approve');
  const approved = await moveAndRecord(services, request, { order, to: 'delivering', action: 'order.approve', patch: approvedPatch(services.now()) });
  if (!approved) throw statusConflict((await loadOrder(services, order.id)).status);
  try {
    return await fulfilment.sendApproved(order.id, 'admin');
  } catch (error) {
    // The claim stands: the reconciler looks the top-up up and finishes the order.
    services.log.warn({ orderId: order.id, err: error }, 'an approved order’s send failed; the reconciler will follow it');
    return loadOrder(services, order.id);
  }
}

export interface ReviewRejection extends AdminOrderActionRequest {
  /** Blocks the order's account (admin/customer-actions.ts, which the console's route passes in: admin code calls orders, not back). */
  blockAccount?: (customerId: string) => Promise<void>;
  blocklistCard?: boolean;
}

/**
 * "Reject" an order held for review: in_review → canceled (conditional, with the admin's event and audit row; the
 * loser of two admins gets 409), then its hold is released (by the reconciler should that fail). The account may be
 * blocked and the card's fingerprint blocklisted, each with the same reason and its own audit row.
 */
export async function rejectReview(services: OrderServices, fulfilment: Fulfilment, request: ReviewRejection): Promise<Order> {
  const order = await loadOrder(services, request.orderId);
  allow(order, 'reject');
  const rejected = await moveAndRecord(services, request, {
    order,
    to: 'canceled',
    action: 'order.reject',
    patch: reviewEndedPatch(services.now(), 'rejected'),
  });
  if (!rejected) throw statusConflict((await loadOrder(services, order.id)).status);
  if (request.blockAccount) await request.blockAccount(order.userId);
  if (request.blocklistCard) await blocklistCardOf(services, order, request);
  return reconcileNow(services, fulfilment, order.id);
}

/**
 * The card of an order's payment, as its risk signals recorded it when the payment was authorised (every order held for
 * review has them); the provider is asked only for an order that has none, and its failure is then the admin's to see
 * in their language (the rejection itself stands).
 */
async function cardFingerprintOf(services: OrderServices, order: Order): Promise<string | null> {
  const [signals] = await services.db
    .select({ fingerprint: sql<string | null>`${orderRiskSignals.payment} ->> 'cardFingerprint'` })
    .from(orderRiskSignals)
    .where(eq(orderRiskSignals.orderId, order.id));
  if (signals?.fingerprint) return signals.fingerprint;
  if (!order.paymentId) return null;
  try {
    return (await services.payments.getPayment(order.paymentId)).card?.fingerprint ?? null;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    throw new DomainError('upstream', 'CARD_NOT_BLOCKLISTED', { key: 'apiErrors.cardNotBlocklisted' });
  }
}

async function blocklistCardOf(services: OrderServices, order: Order, request: ReviewRejection) {
  const fingerprint = await cardFingerprintOf(services, order);
  if (!fingerprint) return;
  try {
    await addToBlocklist(services.db, { kind: 'card', value: fingerprint, reason: request.reason, actor: request.actor, now: services.now() });
  } catch (error) {
    // Already on the list: what was asked for holds.
    if (!(error instanceof DomainError && error.code === 'ALREADY_BLOCKLISTED')) throw error;
  }
}
