import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/* The risk desk's: the signals of each checkout and payment, the declines they count, the rules and the blocklists. */

/** One row: the rules the risk desk set and the review window, versioned like the limits (none saved: the defaults). */
export const riskSettings = pgTable(
  'risk_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** The rule set (src/server/risk/rules.ts), each a condition over the signals and an action. */
    rules: jsonb('rules').$type<unknown[]>().notNull(),
    /** How long an order held for review waits for a person before its hold is released. */
    reviewWindowMinutes: integer('review_window_minutes').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedById: text('updated_by_id').notNull(),
    updatedByEmail: text('updated_by_email').notNull(),
  },
  (table) => [check('risk_settings_one_row', sql`${table.id} = 1`)],
);

/** What no checkout may use: recipient numbers, card fingerprints, e-mail domains, address ranges (CIDR). */
export const riskBlocklist = pgTable(
  'risk_blocklist',
  {
    id: serial('id').primaryKey(),
    /** phone | card | email_domain | address */
    kind: text('kind').notNull(),
    /** phone: digits with the country code; card: the provider's fingerprint; email_domain: lowercase; address: a CIDR. */
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    createdById: text('created_by_id').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('risk_blocklist_kind_value_unique').on(table.kind, table.value)],
);

/** The signals read for an order at checkout, and those the payment added once authorised, with what the rules decided. */
export const orderRiskSignals = pgTable('order_risk_signals', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** The client address the checkout came from (canonical spelling), counted by the declines per address. */
  clientAddress: text('client_address'),
  checkout: jsonb('checkout').$type<Record<string, unknown>>().notNull(),
  payment: jsonb('payment').$type<Record<string, unknown>>(),
  /** allow | three_d_secure | review | refuse, at checkout and (once known) at authorisation. */
  checkoutDecision: text('checkout_decision').notNull(),
  paymentDecision: text('payment_decision'),
  /** The rules that fired, at each stage: [{ id, description, action, stage }]. */
  firedRules: jsonb('fired_rules').$type<Record<string, unknown>[]>().notNull(),
  /** For a payment held for review: when its review window ends (the reconciler then releases it, unsent). */
  reviewUntil: timestamp('review_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One declined payment attempt, as the provider's payment_failed event told us (the sandbox sends the same): counted
 * by account, card and address for an hour (the card-testing rule), and beside the payments authorised for the decline
 * rate of the last hour. One row per event.
 */
export const paymentDeclines = pgTable(
  'payment_declines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    paymentId: text('payment_id').notNull(),
    clientAddress: text('client_address'),
    cardFingerprint: text('card_fingerprint'),
    /** The provider's decline_code, else its code (insufficient_funds, payment_intent_authentication_failure…). */
    code: text('code'),
    /** The provider's event that told of it, so a replayed event counts once. */
    eventId: text('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payment_declines_event_unique').on(table.eventId),
    index('payment_declines_user_idx').on(table.userId, table.createdAt),
    index('payment_declines_address_idx').on(table.clientAddress, table.createdAt),
    index('payment_declines_card_idx').on(table.cardFingerprint, table.createdAt),
    index('payment_declines_created_idx').on(table.createdAt),
  ],
);
