import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts';
import { orders } from './orders';
import { savedPaymentMethods } from './saved-cards';

/**
 * Auto top-ups (ADR 068): a customer's schedule to top up one number every 7, 14, 28 or 30 days with a saved card.
 * `next_period` counts the schedule's periods from 0; `next_due_at` is when that period is charged. The reminder of a
 * period is claimed by setting `reminded_period` to it in one conditional UPDATE, so it goes out once whatever the
 * number of instances.
 */
export const autoTopups = pgTable(
  'auto_topups',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    countryIso: text('country_iso').notNull(),
    /** National number, digits only, as orders keep it. */
    recipientPhone: text('recipient_phone').notNull(),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    /** What the recipient's top-up costs before fees, in USD cents; the fee is priced at each charge. */
    amountCents: integer('amount_cents').notNull(),
    intervalDays: smallint('interval_days').notNull(),
    savedCardId: uuid('saved_card_id')
      .notNull()
      .references(() => savedPaymentMethods.id, { onDelete: 'cascade' }),
    /** active, or paused (by the customer, a Pause link, or two failed charges in a row). */
    status: text('status').notNull().default('active'),
    /** Why it is paused: customer or failures; null while active. */
    pausedReason: text('paused_reason'),
    nextPeriod: integer('next_period').notNull().default(0),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    remindedPeriod: integer('reminded_period'),
    /** Failed charges in a row; two pause the schedule. */
    failures: smallint('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auto_topups_user_idx').on(table.userId, table.createdAt),
    index('auto_topups_due_idx').on(table.status, table.nextDueAt),
    check('auto_topups_interval_check', sql`${table.intervalDays} in (7, 14, 28, 30)`),
    check('auto_topups_status_check', sql`${table.status} in ('active', 'paused')`),
  ],
);

/**
 * One row per schedule period that was skipped or charged: its primary key (schedule, period) is the claim, so a
 * period has at most one charge (and one order) whatever crashes and however many instances run. A charge under way
 * holds a lease (`lease_until`); a run that crashed is taken up again once it has lapsed, with the same order key.
 */
export const autoTopupRuns = pgTable(
  'auto_topup_runs',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => autoTopups.id, { onDelete: 'cascade' }),
    period: integer('period').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** skipped, charging, ordered (the order goes on its way), completed, failed, authentication_required. */
    outcome: text('outcome').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** Why a charge failed: the checkout's refusal code or the payment provider's decline code. */
    failureCode: text('failure_code'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.scheduleId, table.period] }),
    index('auto_topup_runs_charging_idx')
      .on(table.leaseUntil)
      .where(sql`${table.outcome} = 'charging'`),
    index('auto_topup_runs_order_idx').on(table.orderId),
  ],
);
