import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { failureOf } from '../../shared/api/failure-reasons';
import { PaymentProviderError } from '../payments/provider';
import { declineCodeOf } from './decline-rate';
import { orders } from '../db/schema';
import { queueDelayNotices } from './delay-notices';
import { PaymentNotAuthorisedError, type Fulfilment } from './fulfilment';
import type { OrderServices } from './services';
import { transition, type Order } from './state-machine';
import { startRepeatingJob, type RepeatingJob } from '../repeating-job';

export const RECONCILE_INTERVAL_MS = 30 * 1000;
/** An order nobody paid for within this time is closed and its payment released. */
export const PAYMENT_WINDOW_MS = 30 * 60 * 1000;
/** How long a reconciler holds the orders it took; another instance may take them after that. */
const LEASE_MS = 2 * 60 * 1000;
const BATCH_SIZE = 25;

/**
 * Takes the orders due for a look (next_check_at has passed) so that no other instance takes them meanwhile:
 * one UPDATE whose sub-select skips rows another instance has locked, pushing next_check_at past the lease.
 */
async function leaseDueOrders(services: OrderServices, limit: number): Promise<{ due: Pick<Order, 'id' | 'status'>[]; leaseUntil: Date }> {
  const now = services.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const due = services.db
    .select({ id: orders.id })
    .from(orders)
    .where(lte(orders.nextCheckAt, now))
    .orderBy(orders.nextCheckAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const leased = await services.db
    .update(orders)
    .set({ nextCheckAt: leaseUntil, checkAttempts: sql`${orders.checkAttempts} + 1` })
    .where(inArray(orders.id, due))
    .returning({ id: orders.id, status: orders.status });
  return { due: leased, leaseUntil };
}

/**
 * Hands back leases this server took but will not use (it is stopping): those orders are due again at once for
 * another instance, instead of after the lease. An order whose next check someone else has moved meanwhile is left.
 */
async function releaseLeases(services: OrderServices, ids: string[], leaseUntil: Date): Promise<void> {
  if (ids.length === 0) return;
  await services.db
    .update(orders)
    .set({ nextCheckAt: services.now() })
    .where(and(inArray(orders.id, ids), eq(orders.nextCheckAt, leaseUntil)));
}

/**
 * Finishes what browsers and webhooks left: delivers paid orders, follows PROCESSING and unknown outcomes, captures
 * delivered ones, releases failed ones, and closes orders nobody paid for within 30 minutes; first it queues the
 * e-mail of customers whose top-up is late. Returns how many orders it looked at.
 */
export async function reconcileDueOrders(
  services: OrderServices,
  fulfilment: Fulfilment,
  limit = BATCH_SIZE,
  stopping: () => boolean = () => false,
): Promise<number> {
  await tellDelayedCustomers(services);
  const { due, leaseUntil } = await leaseDueOrders(services, limit);
  for (const [index, { id }] of due.entries()) {
    if (stopping()) {
      // The order under way was finished; the rest go back for another instance.
      await releaseLeases(
        services,
        due.slice(index).map((order) => order.id),
        leaseUntil,
      );
      return index;
    }
    try {
      const order = await fulfilment.reconcile(id);
      if (order.status === 'created') await expireIfUnpaid(services, order);
    } catch (error) {
      if (error instanceof PaymentNotAuthorisedError) {
        await expireIfUnpaid(services, await reload(services, id));
      } else {
        services.log.error({ orderId: id, err: error }, 'reconciling an order failed; it will be tried again');
      }
    }
  }
  return due.length;
}

/** Customers whose top-up is late are e-mailed once (delay-notices.ts); a failure here never stops the reconciling. */
async function tellDelayedCustomers(services: OrderServices): Promise<void> {
  try {
    await queueDelayNotices(services.db, services.now());
  } catch (error) {
    services.log.error({ err: error }, 'could not queue the delay notices; the next run tries again');
  }
}

async function reload(services: OrderServices, id: string): Promise<Order> {
  const [order] = await services.db.select().from(orders).where(eq(orders.id, id));
  return order!;
}

/**
 * An unpaid order: closed (its payment released) after the payment window, else looked at again later. It ends
 * declined, with the decline's reason, when its payment's last attempt was refused, else expired (never paid).
 */
async function expireIfUnpaid(services: OrderServices, order: Order): Promise<void> {
  if (order.status !== 'created') return;
  const age = services.now().getTime() - order.createdAt.getTime();
  if (age < PAYMENT_WINDOW_MS) {
    const next = Math.min(order.createdAt.getTime() + PAYMENT_WINDOW_MS, services.now().getTime() + 5 * 60 * 1000);
    await services.db
      .update(orders)
      .set({ nextCheckAt: new Date(next) })
      .where(eq(orders.id, order.id));
    return;
  }
  let declineCode: string | null = null;
  if (order.paymentId) {
    try {
      declineCode = declineCodeOf((await services.payments.getPayment(order.paymentId)).lastPaymentError);
      await services.payments.releasePayment(order.paymentId, {
        idempotencyKey: `expire-${order.id}-${order.checkAttempts}`,
        reason: 'abandoned',
      });
    } catch (error) {
      const alreadyClosed = error instanceof PaymentProviderError && error.paymentStatus === 'released';
      if (!alreadyClosed) {
        services.log.warn({ orderId: order.id, err: error }, 'could not cancel an unpaid payment intent; will retry');
        return;
      }
    }
  }
  const failure = failureOf(declineCode ? 'PAYMENT_DECLINED' : 'PAYMENT_EXPIRED');
  await transition(services.db, {
    orderId: order.id,
    from: ['created'],
    to: declineCode ? 'declined' : 'expired',
    source: 'reconciler',
    patch: {
      finishedAt: services.now(),
      nextCheckAt: null,
      failureCode: failure.code,
      failureMessage: failure.message,
      declineCode: declineCode ?? undefined,
    },
    ...(declineCode ? { detail: { declineCode } } : {}),
    now: services.now(),
  });
}

/**
 * Runs the reconciler now and then every 30 s until stopped; runs never overlap. Stopping takes no new order, finishes
 * the one under way and hands back the others it had taken.
 */
export function startReconciler(services: OrderServices, fulfilment: Fulfilment, intervalMs = RECONCILE_INTERVAL_MS): RepeatingJob {
  return startRepeatingJob(
    async (stopped) => {
      // Drain everything that is due, a batch at a time.
      while (!stopped() && (await reconcileDueOrders(services, fulfilment, BATCH_SIZE, stopped)) === BATCH_SIZE);
    },
    intervalMs,
    (error) => services.log.error({ err: error }, 'reconciler run failed'),
  );
}
