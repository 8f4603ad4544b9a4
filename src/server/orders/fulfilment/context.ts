import { eq, type SQL } from 'drizzle-orm';
import { orders } from '../../db/schema';
import { createRefunds } from '../refunds';
import type { OrderServices } from '../services';
import {
  flagForAttention,
  transition,
  type EventSource,
  type Order,
  type OrderPatch,
  type OrderStatus,
  type PreparedGuard,
  type TransitionRequest,
} from '../state-machine';

/**
 * What every phase of fulfilment shares, passed to each as its first argument: the services, the refunds, the runs
 * under way in this process (one an order), and the orders this process's own statement authorised and claimed for
 * delivery together (their top-up is the claiming call's to send).
 */
export interface FulfilmentContext {
  readonly services: OrderServices;
  /** The services' database and providers as they were when fulfilment was made. */
  readonly db: OrderServices['db'];
  readonly payments: OrderServices['payments'];
  readonly topups: OrderServices['topups'];
  readonly refunds: ReturnType<typeof createRefunds>;
  readonly running: Map<string, Promise<Order>>;
  readonly claimedWithAuthorisation: WeakSet<Order>;
}

export function createFulfilmentContext(services: OrderServices): FulfilmentContext {
  const { db, payments, topups } = services;
  return { services, db, payments, topups, refunds: createRefunds(services), running: new Map(), claimedWithAuthorisation: new WeakSet() };
}

export async function load(ctx: FulfilmentContext, orderId: string): Promise<Order> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found`);
  return order;
}

/** Reads what another caller recorded when our conditional update found the order already moved. */
export const orReload = async (ctx: FulfilmentContext, moved: Order | null, orderId: string) => moved ?? load(ctx, orderId);

/** One move of the order along the state machine, stamped with the current time; null when someone moved it first. */
export function move(
  ctx: FulfilmentContext,
  order: Order,
  to: OrderStatus,
  from: readonly OrderStatus[],
  source: EventSource,
  patch?: OrderPatch,
  detail?: Record<string, unknown>,
  guard?: SQL | PreparedGuard,
  via?: TransitionRequest['via'],
) {
  return transition(ctx.db, { orderId: order.id, from, to, source, patch, detail, guard, via, now: ctx.services.now() });
}

/** Changes when (and how often) the order is looked at, or what it knows, without a change of status; answers it as stored. */
export async function reschedule(ctx: FulfilmentContext, order: Order, patch: OrderPatch): Promise<Order> {
  const [updated] = await ctx.db.update(orders).set(patch).where(eq(orders.id, order.id)).returning();
  return updated ?? load(ctx, order.id);
}

/** Ends an order that was never charged (the payment was refused, cancelled or lost) with the reason the user sees. */
export async function closeUncharged(
  ctx: FulfilmentContext,
  order: Order,
  from: OrderStatus,
  source: EventSource,
  failure: { code: string; message: string },
  detail: Record<string, unknown>,
) {
  const patch = { failureCode: failure.code, failureMessage: failure.message, finishedAt: ctx.services.now(), nextCheckAt: null };
  return orReload(ctx, await move(ctx, order, 'canceled', [from], source, patch, detail), order.id);
}

/** Puts the order in front of a person (once; later calls keep the first reason) and stops automatic steps. */
export async function needsPerson(
  ctx: FulfilmentContext,
  order: Order,
  source: EventSource,
  reason: string,
  patch: OrderPatch = {},
  detail?: Record<string, unknown>,
): Promise<Order> {
  if (order.attentionReason) return reschedule(ctx, order, patch);
  const { log, now } = ctx.services;
  log.error({ orderId: order.id, status: order.status, reason, ...detail }, 'an order needs a person');
  const flagged = await flagForAttention(ctx.db, {
    orderId: order.id,
    from: [order.status as OrderStatus],
    source,
    reason,
    patch,
    detail,
    now: now(),
  });
  return orReload(ctx, flagged, order.id);
}

/** Whether the catalogue's switches still let the order's top-up go out (checked before every send). */
export const destinationServed = async (ctx: FulfilmentContext, order: Order) =>
  (await ctx.services.destinations.refusal(order.countryIso, order.operatorId)) === null;
