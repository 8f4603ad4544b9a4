import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { disputes, orderEvents, orders } from '../db/schema';
import { isClosedDispute, type PaymentDispute } from '../payments/provider';

/*
 * A dispute's record and its money (docs/decisions/060-disputes-a-person-can-win.md). Every dispute event has the
 * dispute read again from the provider; what it says is kept here, moving only forward (a dispute is awaiting
 * evidence, then under review, then closed), so events replayed or arriving in any order end in the same record.
 */

export type DisputeRow = typeof disputes.$inferSelect;

/** How far a status is in a dispute's life: a status never replaces one further on. */
const RANK = sql`case ${sql.raw('excluded')}.status when 'won' then 3 when 'lost' then 3 when 'warning_closed' then 3
  when 'under_review' then 2 when 'warning_under_review' then 2 else 1 end`;
const STORED_RANK = sql`case ${disputes.status} when 'won' then 3 when 'lost' then 3 when 'warning_closed' then 3
  when 'under_review' then 2 when 'warning_under_review' then 2 else 1 end`;

/** What the dispute's latest reading did to our record. */
export interface DisputeRecorded {
  dispute: DisputeRow;
  /** This reading created the record: the dispute is new to us. */
  opened: boolean;
  /** This reading closed it. */
  closed: boolean;
}

/**
 * Keeps a dispute as the provider tells it now, and its money on the order, in one transaction: the disputed amount
 * is taken off the order's margin until the dispute is won (the funds reinstated, the fee kept by the processor); a
 * lost one stays taken. A refunded order's dispute takes nothing more (the money was already given back).
 */
export async function recordDispute(
  db: Database,
  request: { orderId: string; dispute: PaymentDispute; disputeFeeCents: number; now: Date },
): Promise<DisputeRecorded> {
  const { orderId, dispute, now } = request;
  const closedNow = isClosedDispute(dispute.status);
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: disputes.status }).from(disputes).where(eq(disputes.id, dispute.id));
    await tx
      .insert(disputes)
      .values({
        id: dispute.id,
        orderId,
        amountCents: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: dispute.evidenceDueBy,
        outcome: outcomeOf(dispute),
        openedAt: now,
        closedAt: closedNow ? now : null,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: disputes.id,
        set: {
          amountCents: sql`excluded.amount_cents`,
          reason: sql`excluded.reason`,
          status: sql`excluded.status`,
          evidenceDueBy: sql`excluded.evidence_due_by`,
          outcome: sql`excluded.outcome`,
          closedAt: sql`coalesce(${disputes.closedAt}, excluded.closed_at)`,
          updatedAt: sql`excluded.updated_at`,
        },
        where: sql`${RANK} >= ${STORED_RANK}`,
      });
    const [stored] = await tx.select().from(disputes).where(eq(disputes.id, dispute.id)).for('update');
    const won = stored!.status === 'won';
    await tx
      .update(orders)
      .set({
        disputedAt: sql`coalesce(${orders.disputedAt}, ${now.toISOString()}::timestamptz)`,
        disputeFeeCents: sql`coalesce(${orders.disputeFeeCents}, ${request.disputeFeeCents})`,
        disputedCents: won
          ? 0
          : sql`case when ${orders.disputedAt} is not null then ${orders.disputedCents}
                     when ${orders.status} = 'refunded' then 0 else ${stored!.amountCents} end`,
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    const closed =
      isClosedDispute(stored!.status as PaymentDispute['status']) && !(before && isClosedDispute(before.status as PaymentDispute['status']));
    return { dispute: stored!, opened: !before, closed };
  });
}

function outcomeOf(dispute: PaymentDispute): string | null {
  return dispute.status === 'won' || dispute.status === 'lost' ? dispute.status : null;
}

/**
 * A closed dispute needs nobody any more: the order leaves the attention queue if the dispute was what it waited for,
 * and its timeline says how the dispute ended.
 */
export async function endDisputeAttention(db: Database, request: { orderId: string; attention: string; dispute: DisputeRow; now: Date }) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ attentionReason: null, attentionSince: null, updatedAt: request.now })
      .where(and(eq(orders.id, request.orderId), eq(orders.attentionReason, request.attention)))
      .returning({ status: orders.status });
    const [current] = order ? [order] : await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, request.orderId));
    await tx.insert(orderEvents).values({
      orderId: request.orderId,
      fromStatus: current!.status,
      toStatus: current!.status,
      source: 'webhook',
      detail: { dispute: request.dispute.id, disputeStatus: request.dispute.status },
      createdAt: request.now,
    });
  });
}

/** The order's latest dispute, or null. */
export async function disputeOfOrder(db: Database, orderId: string): Promise<DisputeRow | null> {
  const [row] = await db.select().from(disputes).where(eq(disputes.orderId, orderId)).orderBy(desc(disputes.openedAt)).limit(1);
  return row ?? null;
}
