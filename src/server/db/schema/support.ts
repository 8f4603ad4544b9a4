import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { orders } from './orders';

/* What the product keeps around orders and accounts: contact messages, e-mails, attempt counts, the audit log, saved recipients, receipts, request links and "It didn't arrive" reports. */

/** Messages sent from the contact page, read and handled by the support team in the operations console. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an admin first opened it; null while nobody has read it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an admin marked it handled, who, and their note; all null while it is open (or since it was reopened). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => user.id, { onDelete: 'set null' }),
    handledNote: text('handled_note'),
  },
  (table) => [
    // The inbox's order, unread first then newest first, read backwards: the list pages through it by keyset and the
    // navigation counts the unread from its first column.
    index('contact_messages_inbox_idx').on(sql`(${table.readAt} is null)`, table.createdAt, table.id),
    // The same order over the messages nobody has handled yet (the "open" filter), which stay few however many pile up.
    index('contact_messages_open_idx')
      .on(sql`(${table.readAt} is null)`, table.createdAt, table.id)
      .where(sql`${table.handledAt} is null`),
  ],
);

/** E-mails kept instead of sent when SMTP_URL is not set; development and tests read them here. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_outbox_to_idx').on(table.to, table.createdAt)],
);

/**
 * Counts per key in fixed windows that start at the first use: checks of a password or code ('email:…', 'ip:…',
 * '2fa:…'; auth/sign-in-throttle.ts) and the limits on abusable flows (sign-ups, reset e-mails, operator detections,
 * checkouts, contact messages; request-limits.ts). Each use is reserved before it is made.
 */
export const attemptCounts = pgTable('attempt_counts', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/*
 * Checkout. An order is one top-up a signed-in user pays for; its status follows the state machine in
 * src/server/orders/state-machine.ts, and every change of status is written to order_events in the same transaction.
 */

/**
 * Every action an admin takes (on an order, a customer or the configuration): one row each, written in the transaction
 * that made the change. Append-only: nothing in the app updates or deletes these rows.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    /** The admin's user id; kept as text (no foreign key) so the log outlives the account. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** What was done, e.g. 'order.refund', 'customer.block', 'pricing.update' (shared/api/admin-audit.ts ADMIN_ACTIONS). */
    action: text('action').notNull(),
    /** What it was done to: 'order', 'customer', 'config', 'country' or 'operator', and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt, table.id),
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt),
    index('admin_audit_log_actor_idx').on(table.actorId, table.createdAt),
  ],
);

/*
 * What returning customers keep: the numbers they top up, receipts sent by e-mail, links asking someone for a top-up,
 * and reports of a top-up that did not arrive.
 */

/** A customer's recipients, one row per number: added or refreshed by every completed top-up, renamed by the customer. */
export const savedRecipients = pgTable(
  'saved_recipients',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    countryIso: text('country_iso').notNull(),
    /** National number, digits only, as orders keep it. */
    nationalNumber: text('national_number').notNull(),
    /** The operator last detected for (or topped up on) this number. */
    operatorId: integer('operator_id'),
    operatorName: text('operator_name'),
    /** The customer's own name for the recipient ("Mum"), at most 40 characters. */
    name: text('name'),
    lastToppedUpAt: timestamp('last_topped_up_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_recipients_user_number_unique').on(table.userId, table.countryIso, table.nationalNumber),
    index('saved_recipients_user_recent_idx').on(table.userId, table.lastToppedUpAt, table.createdAt),
  ],
);

/**
 * Receipts to send, one row per order and event ('completed', 'failed', 'refunded'), written in the transaction that
 * made the order final or refunded it; the unique key makes each event's receipt exist once. A worker claims a row
 * (claimed_at, claimed_by) before sending it, so one worker sends it, and sets sent_at after.
 */
export const receiptOutbox = pgTable(
  'receipt_outbox',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker may next try: a claim that was never finished (its worker died) is taken again after a while. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Not sent, on purpose: the customer turned receipts off, or has no e-mail address any more. */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('receipt_outbox_order_kind_unique').on(table.orderId, table.kind),
    index('receipt_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.skippedAt} is null`),
  ],
);

/**
 * Links a person makes to ask someone to top up their phone (/r/<token>). Only a hash of the token is kept, so the
 * table cannot be read back into working links. Anyone may make one, signed in or not.
 */
export const topupRequests = pgTable(
  'topup_requests',
  {
    /** SHA-256 of the token in the link, hex. */
    tokenHash: text('token_hash').primaryKey(),
    countryIso: text('country_iso').notNull(),
    nationalNumber: text('national_number').notNull(),
    suggestedAmountCents: integer('suggested_amount_cents'),
    /** Shown to the sender as text, at most 140 characters. */
    note: text('note'),
    /** The maker, when signed in. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How its maker names it in their list and revokes it (never in the link, which is the token). */
    id: serial('id').notNull().unique(),
    /** The completed top-up of this number, by someone else, that answered the request (ADR 022). */
    paidOrderId: uuid('paid_order_id').references(() => orders.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When its maker was e-mailed that it was paid. */
    paidNotifiedAt: timestamp('paid_notified_at', { withTimezone: true }),
  },
  (table) => [
    index('topup_requests_user_idx').on(table.userId),
    index('topup_requests_expires_idx').on(table.expiresAt),
    index('topup_requests_number_idx').on(table.countryIso, table.nationalNumber),
  ],
);

/**
 * A customer's report that a completed top-up did not reach the recipient: 'reported' → 'checking' → resolved as
 * 'delivered' (with the operator's reference) or 'refunded'. At most one open report per order.
 */
export const deliveryReports = pgTable(
  'delivery_reports',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** The customer's optional words. */
    message: text('message'),
    /** For 'delivered': the operator's reference the admin confirmed; for either resolution, the admin's note. */
    resolutionReference: text('resolution_reference'),
    resolutionNote: text('resolution_note'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('delivery_reports_open_unique')
      .on(table.orderId)
      .where(sql`${table.status} in ('reported', 'checking')`),
    index('delivery_reports_order_idx').on(table.orderId, table.createdAt),
    index('delivery_reports_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} in ('reported', 'checking')`),
  ],
);
