import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/*
 * Disputes of a charge (docs/decisions/060-disputes-a-person-can-win.md): ours, kept from the payment provider's
 * events, and the sandbox provider's own, which imitate Stripe's Dispute objects.
 */

/**
 * A dispute of an order's charge, as the provider last told it, with what we answered. One per provider dispute (Stripe
 * allows one a charge); created by the first of its events to arrive, whichever it is, and moved only forward.
 */
export const disputes = pgTable(
  'disputes',
  {
    /** The provider's dispute id (Stripe's du_…/dp_…). */
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** USD cents disputed. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's reason: fraudulent, product_not_received, duplicate, general… */
    reason: text('reason').notNull(),
    /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost (and the warning_ ones). */
    status: text('status').notNull(),
    /** The last moment the provider accepts evidence; null when it does not say (or no more is accepted). */
    evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }),
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true }),
    /** The admin who submitted the evidence (a user id), and their statement. */
    evidenceSubmittedBy: text('evidence_submitted_by'),
    evidenceStatement: text('evidence_statement'),
    /** won or lost, once the dispute is closed. */
    outcome: text('outcome'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('disputes_order_idx').on(table.orderId)],
);

/** The evidence the sandbox payment provider was given, by Stripe's field names. */
export type SandboxDisputeEvidence = Record<string, string>;

/** Disputes of the sandbox payment provider: Stripe's Dispute objects, one per disputed charge. */
export const sandboxDisputes = pgTable('sandbox_disputes', {
  id: text('id').primaryKey(),
  paymentIntentId: text('payment_intent_id').notNull().unique(),
  chargeId: text('charge_id').notNull(),
  /** USD cents. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull(),
  evidenceDueBy: timestamp('evidence_due_by', { withTimezone: true }).notNull(),
  evidence: jsonb('evidence').$type<SandboxDisputeEvidence>(),
  submissionCount: integer('submission_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
