import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { deliveryReports, receiptOutbox, savedRecipients } from '../db/schema';

/**
 * What a move of an order brings with it, written by the same statement as the move (state-machine.ts), so it exists
 * exactly when the move does and once per move, however many workers and retries race for it:
 * - a completed top-up adds its number to the customer's saved recipients, or refreshes it (operator, last top-up);
 * - a top-up completed, failed with its hold released (a review rejected or run out included: its outcome e-mail), or
 *   refunded puts its receipt in the receipt outbox
 *   (mail/receipts.ts sends it); the outbox's unique key keeps one receipt per order and event;
 * - a refunded top-up resolves its open "It didn't arrive" report as refunded, the refund's id as its reference
 *   (orders/delivery-reports.ts).
 *
 * `moved` names the CTE holding the moved order rows (orders.* plus previous_status).
 */
export type ReceiptKind = 'completed' | 'failed' | 'refunded' | 'deliveredNotCharged';

/** The statuses from which a move to canceled means the customer's money was held and has been released. */
export const RELEASED_FROM: readonly OrderStatus[] = ['authorised', 'in_review', 'delivering', 'delivery_pending', 'delivery_failed'];

/** The receipt a move to `to` sends, if any; for canceled, only when money was held (see RELEASED_FROM). */
export function receiptKindFor(to: OrderStatus): ReceiptKind | null {
  if (to === 'completed') return 'completed';
  if (to === 'refunded') return 'refunded';
  if (to === 'canceled') return 'failed';
  return null;
}

/** Whether a move from `previous` to `to` queued a receipt (the statement below adds one exactly then). */
export function queuesReceipt(to: OrderStatus, previous: OrderStatus): boolean {
  const kind = receiptKindFor(to);
  return kind !== null && (to !== 'canceled' || RELEASED_FROM.includes(previous));
}

/** Per database, what wants to know at once that a receipt was queued: the receipt senders of this process. */
const receiptListeners = new WeakMap<Database, Set<() => void>>();

/** Calls `listener` after each committed move on `db` that queued a receipt; returns the way to stop. */
export function onReceiptQueued(db: Database, listener: () => void): () => void {
  let listeners = receiptListeners.get(db);
  if (!listeners) receiptListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells this process's receipt senders that a move on `db` queued a receipt, so the customer gets it without waiting
 * for their next poll. A move inside a transaction runs on the transaction, which nobody listens to: its receipt is
 * found by the next poll, once committed.
 */
export function announceReceiptQueued(db: Database): void {
  for (const listener of receiptListeners.get(db) ?? []) listener();
}

/**
 * The data-modifying CTEs (each `name as (…)`) that follow a move to `to`; none for most moves. `now` is the move's
 * time as a statement value (a timestamptz parameter or placeholder).
 */
export function followUps(to: OrderStatus | null, moved: SQL, now: SQL): SQL[] {
  if (!to) return [];
  const statements: SQL[] = [];
  if (to === 'completed') {
    statements.push(sql`recipient_saved as (
      insert into ${savedRecipients} (user_id, country_iso, national_number, operator_id, operator_name, last_topped_up_at, created_at, updated_at)
      select user_id, country_iso, recipient_phone, operator_id, operator_name, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
      from ${moved}
      on conflict (user_id, country_iso, national_number) do update set
        operator_id = excluded.operator_id,
        operator_name = excluded.operator_name,
        last_topped_up_at = greatest(${savedRecipients.lastToppedUpAt}, excluded.last_topped_up_at),
        updated_at = excluded.updated_at
    )`);
  }
  if (to === 'refunded') {
    statements.push(sql`report_refunded as (
      update ${deliveryReports} set status = 'refunded', resolution_reference = moved.refund_id,
        resolved_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
      from ${moved}
      where ${deliveryReports.orderId} = moved.id and ${deliveryReports.status} in ('reported', 'checking')
    )`);
  }
  const kind = receiptKindFor(to);
  if (kind) {
    const released =
      to === 'canceled'
        ? sql`where previous_status in (${sql.join(
            RELEASED_FROM.map((status) => sql`${status}`),
            sql`, `,
          )})`
        : sql``;
    statements.push(sql`receipt_queued as (
      insert into ${receiptOutbox} (order_id, kind, created_at, next_attempt_at)
      select id, ${kind}::text, ${now}::timestamptz, ${now}::timestamptz
      from ${moved} ${released}
      on conflict (order_id, kind) do nothing
    )`);
  }
  return statements;
}

/**
 * A top-up found delivered after its hold was released (ADR 041): its customer is sent a "delivered, not charged"
 * receipt, once, and a "failed" receipt of the release that has not gone out yet is not sent any more. Run in the
 * transaction that records the late delivery; the caller announces the queued receipt (announceReceiptQueued) once it
 * has committed.
 */
export async function queueDeliveredNotChargedReceipt(db: Database, orderId: string, now: Date): Promise<void> {
  await db
    .update(receiptOutbox)
    .set({ skippedAt: now })
    .where(and(eq(receiptOutbox.orderId, orderId), eq(receiptOutbox.kind, 'failed'), isNull(receiptOutbox.sentAt), isNull(receiptOutbox.skippedAt)));
  await db
    .insert(receiptOutbox)
    .values({ orderId, kind: 'deliveredNotCharged' satisfies ReceiptKind, createdAt: now, nextAttemptAt: now })
    .onConflictDoNothing();
}
