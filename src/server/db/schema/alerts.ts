import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './accounts';

/*
 * The business alerts (docs/decisions/061-business-alerts-raised-once-and-cleared.md): what needs a person that is no
 * single order's — the top-up wallet, the operators, the declines — with the wallet's balance readings and the
 * thresholds admins set for them.
 */

/**
 * One alert per crossing: raised when its condition starts to hold, resolved when it clears (by the checks) or by an
 * admin with a note. `key` names what it is about (an operator, an order's difference); a kind and key have at most one
 * open alert (the unique partial index), so several instances raising it at once raise it once.
 */
export const businessAlerts = pgTable(
  'business_alerts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** What the check saw when it raised it (the balance and threshold, an operator's failures, the orders). */
    details: jsonb('details').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The admin who resolved it, and why; null when the condition cleared by itself. */
    resolvedById: text('resolved_by_id').references(() => user.id, { onDelete: 'set null' }),
    resolvedByEmail: text('resolved_by_email'),
    resolutionNote: text('resolution_note'),
    /** Whether admins are e-mailed about it, and when they were (set in the statement that keeps the e-mails). */
    emailWanted: boolean('email_wanted').notNull().default(false),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('business_alerts_open_unique')
      .on(table.kind, table.key)
      .where(sql`${table.resolvedAt} is null`),
    index('business_alerts_raised_idx').on(table.raisedAt),
  ],
);

/** The provider wallet's balance as the checks read it (`GET /accounts/balance`, or the sandbox's wallet). */
export const walletBalanceReadings = pgTable(
  'wallet_balance_readings',
  {
    id: serial('id').primaryKey(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    /** In the wallet's currency. */
    balance: numeric('balance', { precision: 20, scale: 4 }).notNull(),
    currencyCode: text('currency_code').notNull(),
    /** The balance in USD cents (a USD wallet's, or at the rate of the last top-up paid from it); null when unknown. */
    usdCents: bigint('usd_cents', { mode: 'number' }),
  },
  (table) => [index('wallet_balance_readings_read_idx').on(table.readAt)],
);

/**
 * The alerts' thresholds as admins set them (one row, versioned like the limits): absent, or a null column, means the
 * server's defaults (RELOADLY_LOW_BALANCE_USD, DECLINE_ALERT_PERCENT, DECLINE_ALERT_MIN_PAYMENTS, the built-in ones).
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    id: smallint('id').primaryKey().default(1),
    lowBalanceCents: integer('low_balance_cents'),
    operatorFailures: integer('operator_failures').notNull(),
    operatorFailedPercent: integer('operator_failed_percent').notNull(),
    operatorMinutes: integer('operator_minutes').notNull(),
    switchOffFailingOperators: boolean('switch_off_failing_operators').notNull(),
    declinePercent: integer('decline_percent').notNull(),
    declineMinPayments: integer('decline_min_payments').notNull(),
    /** Whether admins are e-mailed yesterday's settlement each morning, and from which hour (UTC) of the day (ADR 071). */
    settlementEmail: boolean('settlement_email').notNull().default(false),
    settlementEmailHour: smallint('settlement_email_hour').notNull().default(7),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedById: text('updated_by_id').notNull(),
    updatedByEmail: text('updated_by_email').notNull(),
  },
  (table) => [
    check('alert_settings_one_row', sql`${table.id} = 1`),
    check('alert_settings_settlement_email_hour', sql`${table.settlementEmailHour} between 0 and 23`),
  ],
);

/**
 * The settlement e-mails sent, one row per settled day (ADR 071): the instance whose insert of the day's row succeeds
 * is the one that sends it, so several instances send it once.
 */
export const settlementEmails = pgTable('settlement_emails', {
  /** The UTC day the e-mail settles (yesterday, when it went). */
  day: date('day', { mode: 'string' }).primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  /** How many admins it went to. */
  recipients: integer('recipients'),
});

/**
 * The checks' turn (one row): an instance runs them only when it moves `run_at` on from a minute ago, so that of
 * several instances one runs each minute; `balance_read_at` is when the wallet was last read.
 */
export const businessCheckRuns = pgTable(
  'business_check_runs',
  {
    id: smallint('id').primaryKey().default(1),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    balanceReadAt: timestamp('balance_read_at', { withTimezone: true }),
  },
  (table) => [check('business_check_runs_one_row', sql`${table.id} = 1`)],
);
