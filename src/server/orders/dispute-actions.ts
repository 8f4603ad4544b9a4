import { asc, eq, inArray } from 'drizzle-orm';
import type { AdminDispute } from '../../shared/api/admin-disputes';
import type { Merchant } from '../../shared/api/receipts';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { disputes, orders, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { awaitsEvidence, PaymentProviderError, type DisputeStatus } from '../payments/provider';
import { assembleDisputeEvidence, type AssembledEvidence } from './dispute-evidence';
import { disputeOfOrder, recordDispute, type DisputeRow } from './disputes';
import type { OrderServices } from './services';

/*
 * The console's actions on an order's dispute (docs/decisions/060-disputes-a-person-can-win.md): its evidence read
 * (downloaded) and submitted to the payment provider with an admin's statement.
 */

export interface EvidenceContext {
  publicUrl: string;
  merchant: Merchant;
}

function disputeNotFound(): DomainError {
  return new DomainError('not_found', 'DISPUTE_NOT_FOUND', { key: 'apiErrors.disputeNotFound' });
}

function notAwaitingEvidence(status: string): DomainError {
  return new DomainError(
    'conflict',
    'DISPUTE_NOT_AWAITING_EVIDENCE',
    { key: 'apiErrors.disputeNotAwaitingEvidence', params: { status } },
    { details: { status } },
  );
}

/** Evidence can be submitted: the dispute awaits it and none was submitted from here. */
const canSubmit = (dispute: DisputeRow) => awaitsEvidence(dispute.status as DisputeStatus) && dispute.evidenceSubmittedAt === null;

/** An order's dispute as the console shows it; null when the order has none. */
export async function adminDisputeOf(db: Database, orderId: string): Promise<AdminDispute | null> {
  const dispute = await disputeOfOrder(db, orderId);
  if (!dispute) return null;
  const [submitter] = dispute.evidenceSubmittedBy
    ? await db.select({ email: user.email }).from(user).where(eq(user.id, dispute.evidenceSubmittedBy))
    : [];
  return toAdminDispute(dispute, submitter?.email ?? null);
}

/** The latest dispute of each of these orders (the attention queue's dispute rows), by order id. */
export async function adminDisputesOf(db: Database, orderIds: string[]): Promise<Map<string, AdminDispute>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ dispute: disputes, email: user.email })
    .from(disputes)
    .leftJoin(user, eq(user.id, disputes.evidenceSubmittedBy))
    .where(inArray(disputes.orderId, orderIds))
    .orderBy(asc(disputes.openedAt));
  return new Map(rows.map(({ dispute, email }) => [dispute.orderId, toAdminDispute(dispute, email)]));
}

function toAdminDispute(dispute: DisputeRow, submitterEmail: string | null): AdminDispute {
  return {
    id: dispute.id,
    amountCents: dispute.amountCents,
    reason: dispute.reason,
    status: dispute.status,
    evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
    evidenceSubmittedAt: dispute.evidenceSubmittedAt?.toISOString() ?? null,
    evidenceSubmittedBy: submitterEmail ?? dispute.evidenceSubmittedBy,
    outcome: dispute.outcome,
    openedAt: dispute.openedAt.toISOString(),
    closedAt: dispute.closedAt?.toISOString() ?? null,
    canSubmitEvidence: canSubmit(dispute),
  };
}

/** The order's dispute, or a 404 for an order that does not exist or has no dispute. */
async function requireDispute(db: Database, orderId: string): Promise<DisputeRow> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.orderNotFound' });
  const dispute = await disputeOfOrder(db, orderId);
  if (!dispute) throw disputeNotFound();
  return dispute;
}

/** GET …/dispute/evidence: the record a person downloads and attaches. */
export async function disputeEvidenceOf(db: Database, orderId: string, context: EvidenceContext): Promise<AssembledEvidence> {
  const dispute = await requireDispute(db, orderId);
  return (await assembleDisputeEvidence(db, orderId, dispute, context))!;
}

/**
 * POST …/dispute/evidence: the admin's statement and the record, submitted to the provider in one call. The provider
 * refuses a second submission (its dispute is under review by then), so of two admins submitting at once one wins and
 * the other gets the 409; the submission, its author and the audit row are kept together once the provider took it.
 */
export async function submitDisputeEvidence(
  services: OrderServices,
  request: { orderId: string; actor: AdminActor; statement: string; context: EvidenceContext },
): Promise<AdminDispute> {
  const { db } = services;
  const dispute = await requireDispute(db, request.orderId);
  if (!canSubmit(dispute)) throw notAwaitingEvidence(dispute.status);
  const assembled = (await assembleDisputeEvidence(db, request.orderId, dispute, request.context))!;
  let answered;
  try {
    answered = await services.payments.submitDisputeEvidence(dispute.id, {
      ...assembled.fields,
      uncategorizedText: `${request.statement}\n\n${assembled.text}`,
    });
  } catch (error) {
    if (error instanceof PaymentProviderError && error.status === 400) throw notAwaitingEvidence(dispute.status);
    if (error instanceof PaymentProviderError) throw new DomainError('unavailable', 'PROVIDER_UNAVAILABLE', { key: 'apiErrors.serviceUnavailable' });
    throw error;
  }
  const now = services.now();
  await db.transaction(async (tx) => {
    await tx
      .update(disputes)
      .set({ evidenceSubmittedAt: now, evidenceSubmittedBy: request.actor.id, evidenceStatement: request.statement })
      .where(eq(disputes.id, dispute.id));
    await recordAdminAction(tx, {
      actor: request.actor,
      action: 'dispute.evidence',
      targetType: 'order',
      targetId: request.orderId,
      reason: request.statement,
      before: { dispute: dispute.id, status: dispute.status },
      after: { dispute: dispute.id, status: answered.status },
      now,
    });
  });
  // The provider's answer moves the record now; its events will say the same (or more) later.
  await recordDispute(db, { orderId: request.orderId, dispute: answered, disputeFeeCents: services.payments.disputeFeeCents, now });
  return (await adminDisputeOf(db, request.orderId))!;
}
