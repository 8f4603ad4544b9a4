import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxDisputes } from '../../db/schema';
import { type DisputeEvidence, type DisputeStatus, type PaymentDispute, PaymentProviderError } from '../provider';
import { deliverSandboxEvent, type SandboxEventListener } from './events';
import { chargeIdOf, randomBase62, type SandboxPaymentIntentRow } from './payment-intents';

/*
 * Disputes as Stripe's test mode makes them (docs/decisions/060-disputes-a-person-can-win.md): a test card's charge is
 * disputed right after its capture, with status needs_response and a due date; evidence that contains
 * `winning_evidence` wins it, `losing_evidence` loses it, any other leaves it under review. Each change is told by
 * Stripe's events, sent through the sandbox's one event function (events.ts).
 */

type SandboxDisputeRow = typeof sandboxDisputes.$inferSelect;

/** How long the sandbox gives for evidence (Stripe gives a few days to a few weeks, by card network). */
export const SANDBOX_EVIDENCE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The statuses in which Stripe accepts evidence. */
const AWAITING: readonly DisputeStatus[] = ['needs_response', 'warning_needs_response'];

/** Stripe's Dispute object, as its events and its API carry it. */
export function stripeDisputeObject(row: SandboxDisputeRow): Record<string, unknown> {
  return {
    id: row.id,
    object: 'dispute',
    amount: row.amount,
    currency: row.currency,
    charge: row.chargeId,
    payment_intent: row.paymentIntentId,
    reason: row.reason,
    status: row.status,
    is_charge_refundable: false,
    evidence_details: {
      due_by: Math.floor(row.evidenceDueBy.getTime() / 1000),
      has_evidence: row.evidence !== null,
      past_due: false,
      submission_count: row.submissionCount,
    },
    created: Math.floor(row.createdAt.getTime() / 1000),
  };
}

function toDispute(row: SandboxDisputeRow): PaymentDispute {
  return {
    id: row.id,
    paymentId: row.paymentIntentId,
    chargeId: row.chargeId,
    amount: row.amount,
    currency: row.currency,
    reason: row.reason,
    status: row.status as DisputeStatus,
    evidenceDueBy: row.evidenceDueBy,
    submissionCount: row.submissionCount,
  };
}

/**
 * Opens the dispute of a just-captured test card's charge and tells it (charge.dispute.created, then
 * charge.dispute.funds_withdrawn), once the capture has been answered. One per intent, however often it is called.
 * A failure is logged, never thrown: it must not fail the capture behind it.
 */
export function disputeAfterCapture(db: Database, listener: SandboxEventListener, intent: SandboxPaymentIntentRow, now: Date): void {
  setImmediate(() => {
    void (async () => {
      try {
        const [opened] = await db
          .insert(sandboxDisputes)
          .values({
            id: `dp_sandbox_${randomBase62(24)}`,
            paymentIntentId: intent.id,
            chargeId: chargeIdOf(intent.id),
            amount: intent.amountReceived,
            currency: intent.currency,
            reason: intent.disputeReason ?? 'general',
            status: 'needs_response',
            evidenceDueBy: new Date(now.getTime() + SANDBOX_EVIDENCE_DAYS * DAY_MS),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: sandboxDisputes.paymentIntentId })
          .returning();
        if (!opened) return;
        await deliverSandboxEvent(listener, 'charge.dispute.created', stripeDisputeObject(opened));
        await deliverSandboxEvent(listener, 'charge.dispute.funds_withdrawn', stripeDisputeObject(opened));
      } catch (error) {
        listener.log.error({ err: error, paymentIntentId: intent.id }, 'the sandbox could not open its dispute');
      }
    })();
  });
}

/** A sandbox dispute by id; Stripe's 404 when there is none. */
export async function getSandboxDispute(db: Database, id: string): Promise<PaymentDispute> {
  const [row] = await db.select().from(sandboxDisputes).where(eq(sandboxDisputes.id, id));
  if (!row) throw disputeNotFound(id);
  return toDispute(row);
}

/** What Stripe's test mode decides for submitted evidence, by the words in it. */
function decisionOf(evidence: DisputeEvidence): DisputeStatus {
  const text = Object.values(evidence)
    .filter((value) => typeof value === 'string')
    .join('\n');
  if (text.includes('winning_evidence')) return 'won';
  if (text.includes('losing_evidence')) return 'lost';
  return 'under_review';
}

/** Stripe's evidence field names, as the sandbox keeps them. */
function stripeEvidenceOf(evidence: DisputeEvidence): Record<string, string> {
  const fields: Record<string, string | null> = {
    uncategorized_text: evidence.uncategorizedText,
    product_description: evidence.productDescription,
    customer_email_address: evidence.customerEmailAddress,
    customer_purchase_ip: evidence.customerPurchaseIp,
    service_date: evidence.serviceDate,
    access_activity_log: evidence.accessActivityLog,
  };
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null));
}

/**
 * Submits evidence (Stripe's update with submit=true): one conditional UPDATE, so of two submissions only one finds
 * the dispute awaiting evidence; the other is refused as Stripe refuses it. The dispute goes under review
 * (charge.dispute.updated); test-mode evidence then closes it at once (charge.dispute.closed, and
 * charge.dispute.funds_reinstated for a won one). Answers the dispute under review, as Stripe's update does.
 */
export async function submitSandboxDisputeEvidence(
  db: Database,
  listener: SandboxEventListener | undefined,
  id: string,
  evidence: DisputeEvidence,
  now: Date,
): Promise<PaymentDispute> {
  const [reviewed] = await db
    .update(sandboxDisputes)
    .set({
      status: 'under_review',
      evidence: stripeEvidenceOf(evidence),
      submissionCount: sql`${sandboxDisputes.submissionCount} + 1`,
      updatedAt: now,
    })
    .where(and(eq(sandboxDisputes.id, id), inArray(sandboxDisputes.status, [...AWAITING])))
    .returning();
  if (!reviewed) {
    const current = await getSandboxDispute(db, id);
    throw new PaymentProviderError(`This dispute is ${current.status} and can no longer take evidence.`, {
      type: 'invalid_request_error',
      code: 'dispute_not_updatable',
      status: 400,
      retryable: false,
    });
  }
  const decision = decisionOf(evidence);
  const [closed] =
    decision === 'under_review'
      ? []
      : await db.update(sandboxDisputes).set({ status: decision, updatedAt: now }).where(eq(sandboxDisputes.id, id)).returning();
  if (listener) {
    const events: Array<[string, SandboxDisputeRow]> = [['charge.dispute.updated', reviewed]];
    if (closed) events.push(['charge.dispute.closed', closed]);
    if (closed?.status === 'won') events.push(['charge.dispute.funds_reinstated', closed]);
    setImmediate(() => {
      void (async () => {
        for (const [type, row] of events) await deliverSandboxEvent(listener, type, stripeDisputeObject(row));
      })();
    });
  }
  return toDispute(reviewed);
}

function disputeNotFound(id: string): PaymentProviderError {
  return new PaymentProviderError(`No such dispute: '${id}'`, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    status: 404,
    retryable: false,
  });
}
