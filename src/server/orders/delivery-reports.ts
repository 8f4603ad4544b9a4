import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DELIVERY_REPORT_WINDOW_MS,
  OPEN_DELIVERY_REPORT_STATUSES,
  type DeliveryReportStatus,
  type DeliveryReportView,
} from '../../shared/api/delivery-reports';
import type { AdminDeliveryReport } from '../../shared/api/admin';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { deliveryReports, orders, receiptOutbox, user } from '../db/schema';
import { DomainError } from '../domain-error';
import type { NoticeKind } from '../../shared/receipt-texts';
import { announceReceiptQueued } from './follow-ups';
import type { Order } from './state-machine';

/**
 * "It didn't arrive" (ADR 023): a customer reports that a completed top-up did not reach its recipient; a person
 * marks it as being checked and resolves it, as delivered with the operator's reference, or by refunding the order
 * (the move to refunded resolves it: follow-ups.ts). The database keeps one open report per order (a unique partial
 * index), so of any number of simultaneous reports one is written.
 */

export type DeliveryReport = typeof deliveryReports.$inferSelect;

const isOpen = sql`${deliveryReports.status} in ('reported', 'checking')`;

const orderNotFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.orderNotFound' });
const reportNotFound = () => new DomainError('not_found', 'DELIVERY_REPORT_NOT_FOUND', { key: 'apiErrors.deliveryReportNotFound' });

/** When the top-up was done: the move to completed sets finished_at. */
const completedAt = (order: Pick<Order, 'finishedAt' | 'updatedAt'>) => order.finishedAt ?? order.updatedAt;

/** Whether the order's customer may report it now (the server decides again, in the statement that writes it). */
export function canReportDelivery(order: Order, latest: DeliveryReport | null, now: Date): boolean {
  if (order.status !== 'completed') return false;
  if (now.getTime() - completedAt(order).getTime() >= DELIVERY_REPORT_WINDOW_MS) return false;
  return !latest || !OPEN_DELIVERY_REPORT_STATUSES.includes(latest.status as DeliveryReportStatus);
}

export function toDeliveryReportView(report: DeliveryReport): DeliveryReportView {
  return {
    id: report.id,
    orderId: report.orderId,
    status: report.status as DeliveryReportStatus,
    message: report.message,
    reference: report.status === 'delivered' ? report.resolutionReference : null,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}

/** The latest report of each order (open or resolved), by order id. */
export async function latestDeliveryReports(db: Database, orderIds: readonly string[]): Promise<Map<string, DeliveryReport>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([deliveryReports.orderId])
    .from(deliveryReports)
    .where(inArray(deliveryReports.orderId, [...orderIds]))
    .orderBy(deliveryReports.orderId, desc(deliveryReports.createdAt), desc(deliveryReports.id));
  return new Map(rows.map((row) => [row.orderId, row]));
}

export interface DeliveryReportRequest {
  userId: string;
  orderId: string;
  message: string | null;
}

/**
 * The customer's report, written in one statement only when the order is theirs, completed less than 7 days ago and
 * has no open report. The order's row is locked while it is read, so a refund starting meanwhile is seen (the report is
 * then refused) rather than leaving a report open on a refunded order. Otherwise the refusal says why: 404 for an order
 * that is not theirs (whether it exists or not), 409 for one not completed, too old, or already reported.
 */
export async function reportDelivery(db: Database, request: DeliveryReportRequest, now: Date): Promise<DeliveryReport> {
  const earliest = new Date(now.getTime() - DELIVERY_REPORT_WINDOW_MS);
  const [inserted] = await rowsOf<{ id: string }>(
    db,
    sql`
    insert into ${deliveryReports} (order_id, user_id, status, message, created_at, updated_at)
    select ${orders.id}, ${orders.userId}, 'reported', ${request.message}::text,
           ${sql.param(now, deliveryReports.createdAt)}::timestamptz, ${sql.param(now, deliveryReports.updatedAt)}::timestamptz
    from ${orders}
    where ${orders.id} = ${request.orderId} and ${orders.userId} = ${request.userId} and ${orders.status} = 'completed'
      and coalesce(${orders.finishedAt}, ${orders.updatedAt}) > ${sql.param(earliest, orders.finishedAt)}::timestamptz
    for update
    on conflict (order_id) where status in ('reported', 'checking') do nothing
    returning id`,
  );
  if (inserted) {
    const [report] = await db.select().from(deliveryReports).where(eq(deliveryReports.id, inserted.id));
    return report!;
  }
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, request.orderId), eq(orders.userId, request.userId)));
  if (!order) throw orderNotFound();
  if (order.status !== 'completed')
    throw new DomainError('conflict', 'DELIVERY_REPORT_NOT_COMPLETED', { key: 'apiErrors.deliveryReportNotCompleted' });
  if (completedAt(order) <= earliest) throw new DomainError('conflict', 'DELIVERY_REPORT_TOO_LATE', { key: 'apiErrors.deliveryReportTooLate' });
  throw new DomainError('conflict', 'DELIVERY_REPORT_OPEN', { key: 'apiErrors.deliveryReportOpen' });
}

/** One of the customer's reports; another customer's is not found, like one that does not exist. */
export async function findUserDeliveryReport(db: Database, userId: string, reportId: string): Promise<DeliveryReport> {
  const [report] = await db
    .select()
    .from(deliveryReports)
    .where(and(eq(deliveryReports.id, reportId), eq(deliveryReports.userId, userId)));
  if (!report) throw reportNotFound();
  return report;
}

// ---------------------------------------------------------------------------------------------------------------------
// The console

/** The order's latest report as the console shows it (with the e-mail of the admin who resolved it), or null. */
export async function adminDeliveryReport(db: Database, orderId: string): Promise<AdminDeliveryReport | null> {
  const [row] = await db
    .select({ report: deliveryReports, resolvedByEmail: user.email })
    .from(deliveryReports)
    .leftJoin(user, eq(user.id, deliveryReports.resolvedBy))
    .where(eq(deliveryReports.orderId, orderId))
    .orderBy(desc(deliveryReports.createdAt), desc(deliveryReports.id))
    .limit(1);
  if (!row) return null;
  const { report, resolvedByEmail } = row;
  return {
    id: report.id,
    status: report.status as DeliveryReportStatus,
    message: report.message,
    resolutionReference: report.resolutionReference,
    resolutionNote: report.resolutionNote,
    resolvedByEmail,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    createdAt: report.createdAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
  };
}

export interface AdminReportActionRequest {
  orderId: string;
  actor: AdminActor;
  reason: string;
}

/**
 * Moves the order's open report from one of `from` with `changes`, and writes the audit row, in one transaction. When
 * no open report is in one of `from`, nothing is written: 404 when the order has no report at all, else 409 with the
 * latest report's status.
 */
async function moveReport(
  db: Database,
  request: AdminReportActionRequest,
  move: {
    from: DeliveryReportStatus[];
    to: DeliveryReportStatus;
    action: 'delivery_report.checking' | 'delivery_report.delivered';
    changes: Partial<DeliveryReport>;
  },
  now: Date,
): Promise<void> {
  const moved = await db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(deliveryReports)
      .where(and(eq(deliveryReports.orderId, request.orderId), isOpen))
      .for('update');
    if (!open || !move.from.includes(open.status as DeliveryReportStatus)) return false;
    await tx
      .update(deliveryReports)
      .set({ ...move.changes, status: move.to, updatedAt: now })
      .where(eq(deliveryReports.id, open.id));
    if (move.to === 'delivered') await queueReportDeliveredNotice(tx, request.orderId, now);
    await recordAdminAction(tx, {
      actor: request.actor,
      action: move.action,
      targetType: 'order',
      targetId: request.orderId,
      reason: request.reason,
      before: { report: open.id, status: open.status },
      after: { report: open.id, status: move.to, ...(move.changes.resolutionReference ? { reference: move.changes.resolutionReference } : {}) },
      now,
    });
    return true;
  });
  if (moved) {
    if (move.to === 'delivered') announceReceiptQueued(db);
    return;
  }
  const latest = await adminDeliveryReport(db, request.orderId);
  if (!latest) throw reportNotFound();
  throw new DomainError(
    'conflict',
    'DELIVERY_REPORT_STATUS_CONFLICT',
    { key: 'apiErrors.deliveryReportStatusConflict', params: { status: latest.status } },
    { details: { status: latest.status } },
  );
}

/**
 * The customer is e-mailed that their report was resolved as delivered, with the operator's reference (ADR 042); the
 * receipt sender sends it. One row per order and kind in the outbox: a later report of the same order resolved again
 * puts that row back to be sent, for the latest resolution. Runs in the resolution's transaction, so the e-mail exists
 * exactly when the resolution does. (A report resolved by a refund gets the refund's receipt: follow-ups.ts.)
 */
async function queueReportDeliveredNotice(tx: Database, orderId: string, now: Date): Promise<void> {
  const kind: NoticeKind = 'reportDelivered';
  await tx
    .insert(receiptOutbox)
    .values({ orderId, kind, createdAt: now, nextAttemptAt: now })
    .onConflictDoUpdate({
      target: [receiptOutbox.orderId, receiptOutbox.kind],
      set: { createdAt: now, nextAttemptAt: now, claimedAt: null, claimedBy: null, attempts: 0, lastError: null, sentAt: null, skippedAt: null },
    });
}

/** "Checking": a person has taken the report (reported → checking); the customer reads "being checked". */
export function markReportChecking(db: Database, request: AdminReportActionRequest, now: Date): Promise<void> {
  return moveReport(db, request, { from: ['reported'], to: 'checking', action: 'delivery_report.checking', changes: {} }, now);
}

/**
 * "Resolve: delivered": the operator confirms the top-up reached the recipient. The reference shown to the customer
 * is the one the admin gives, else the order's operator transaction id; without either the action is refused.
 */
export async function resolveReportDelivered(
  db: Database,
  request: AdminReportActionRequest & { reference: string | null | undefined },
  now: Date,
): Promise<void> {
  let reference = request.reference;
  if (!reference) {
    const [order] = await db.select({ operatorTransactionId: orders.operatorTransactionId }).from(orders).where(eq(orders.id, request.orderId));
    reference = order?.operatorTransactionId;
  }
  if (!reference) {
    throw new DomainError(
      'invalid',
      'DELIVERY_REPORT_REFERENCE_REQUIRED',
      { key: 'apiErrors.deliveryReportReferenceRequired' },
      { field: 'reference' },
    );
  }
  await moveReport(
    db,
    request,
    {
      from: ['reported', 'checking'],
      to: 'delivered',
      action: 'delivery_report.delivered',
      changes: { resolutionReference: reference, resolutionNote: request.reason, resolvedBy: request.actor.id, resolvedAt: now },
    },
    now,
  );
}
