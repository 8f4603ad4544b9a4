import { relations, sql } from 'drizzle-orm';
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
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Fee settings (docs/product.md §3 Price config); one row per key, editable by admins. */
export const priceConfig = pgTable('price_config', {
  key: text('key').primaryKey(),
  value: numeric('value', { precision: 10, scale: 4 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change of the fees an admin made, append-only: version N holds the values the Nth change set, who made it and
 * why. price_config keeps the values in force (what checkout prices with); both are written in one transaction. The
 * primary key refuses a second change on the same version, should two edits ever pass the lock together.
 */
export const priceConfigChanges = pgTable('price_config_changes', {
  version: integer('version').primaryKey(),
  airtimeFee: numeric('airtime_fee', { precision: 10, scale: 4 }).notNull(),
  standardFee: numeric('standard_fee', { precision: 10, scale: 4 }).notNull(),
  actorId: text('actor_id').notNull(),
  actorEmail: text('actor_email').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The limits admins set in the console (orders/service-limits.ts): one row at most, absent until the first save, while
 * the defaults (DAILY_SPEND_LIMIT_USD and the built-in values) apply. `version` counts the saves; a save names the
 * version it was made on.
 */
export const serviceLimits = pgTable(
  'service_limits',
  {
    id: smallint('id').primaryKey().default(1),
    dailySpendLimitCents: integer('daily_spend_limit_cents').notNull(),
    recipientCooldownMinutes: integer('recipient_cooldown_minutes').notNull(),
    checkoutAttemptsPerMinute: integer('checkout_attempts_per_minute').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedById: text('updated_by_id').notNull(),
    updatedByEmail: text('updated_by_email').notNull(),
  },
  (table) => [check('service_limits_one_row', sql`${table.id} = 1`)],
);

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

/**
 * Destinations (docs/product.md §3 Country). Seeded from ISO 3166 and libphonenumber; `enabled` is the switch admins
 * turn in the console's catalogue (a destination on BLOCKED_DESTINATIONS stays unserved whatever it says).
 */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    isoName: text('iso_name').notNull(),
    name: text('name').notNull(),
    currencyCode: text('currency_code').notNull(),
    callingCodes: jsonb('calling_codes').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why and when an admin switched the country off; null while it is on (the audit log says who). */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('countries_iso_name_unique').on(table.isoName)],
);

/** Mobile operators of the sandbox top-up provider, with the amounts each accepts (sender currency: USD). */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    countryIso: text('country_iso')
      .notNull()
      .references(() => countries.isoName),
    name: text('name').notNull(),
    denominationType: text('denomination_type').$type<'FIXED' | 'RANGE'>().notNull(),
    /** USD cents; RANGE only. */
    minAmountCents: integer('min_amount_cents'),
    maxAmountCents: integer('max_amount_cents'),
    /** USD cents; the amounts offered (FIXED: the only amounts accepted). */
    amountsCents: jsonb('amounts_cents').$type<number[]>().notNull(),
    destinationCurrencyCode: text('destination_currency_code').notNull(),
    /** Destination-currency units per USD, from the FX snapshot; 1 for bundles, which deliver plans, not money. */
    fxRate: numeric('fx_rate', { precision: 20, scale: 6 }).notNull(),
    /** Bundles and data plans deliver a plan described per amount; PIN products deliver a PIN to redeem. */
    bundle: boolean('bundle').notNull().default(false),
    data: boolean('data').notNull().default(false),
    pin: boolean('pin').notNull().default(false),
    /** What each amount buys, keyed by the USD amount with two decimals ("5.00"). */
    amountDescriptions: jsonb('amount_descriptions').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [uniqueIndex('operators_country_name_unique').on(table.countryIso, table.name)],
);

/** National-number prefixes (without the calling code) and the operator that serves them. */
export const operatorPrefixes = pgTable(
  'operator_prefixes',
  {
    countryIso: text('country_iso').notNull(),
    prefix: text('prefix').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
  },
  (table) => [primaryKey({ columns: [table.countryIso, table.prefix] })],
);

/**
 * Operators an admin switched off, keyed by the top-up provider and the provider's own operator id (the sandbox's
 * `operators.id`, or Reloadly's operatorId), so the switches apply on top of whatever that provider lists and never
 * carry over to another provider's ids. A row means switched off; switching on deletes it (the audit log keeps both).
 */
export const disabledOperators = pgTable(
  'disabled_operators',
  {
    provider: text('provider').$type<'sandbox' | 'reloadly'>().notNull(),
    operatorId: integer('operator_id').notNull(),
    countryIso: text('country_iso').notNull(),
    /** The name the provider gave it when it was switched off, for the audit log and support. */
    operatorName: text('operator_name').notNull(),
    reason: text('reason').notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.operatorId] }),
    index('disabled_operators_country_idx').on(table.provider, table.countryIso),
  ],
);

/*
 * Accounts. The next five tables have the shapes Better Auth's Drizzle adapter expects (core tables plus the
 * two-factor plugin's); the adapter finds them by these export names and property names. Ids are Better Auth's text ids.
 */

/** People with an account. username, isAdmin, marketingPreference, language and theme are the product's own fields. */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** Optional; unique when set (PostgreSQL allows several NULLs under a unique constraint). */
  username: text('username').unique(),
  isAdmin: boolean('is_admin').notNull().default(false),
  marketingPreference: boolean('marketing_preference').notNull().default(false),
  language: text('language').notNull().default('en'),
  theme: text('theme').notNull().default('system'),
  /** Set by an admin: a blocked account cannot sign in or check out, and its sessions were ended when it was blocked. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  blockedReason: text('blocked_reason'),
  /** Whether the customer gets an e-mail receipt when a top-up completes, fails or is refunded. */
  receiptEmails: boolean('receipt_emails').notNull().default(true),
  /**
   * When the customer deleted their account: the row stays (orders refer to it and the business keeps their amounts),
   * with the e-mail, names and every other personal field replaced. A deleted account cannot sign in.
   */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Signed-in browsers: the session cookie carries `token`. */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** When this browser gave a two-factor code (or a backup code); null for a session opened without one. */
    twoFactorVerifiedAt: timestamp('two_factor_verified_at', { withTimezone: true }),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

/** Sign-in methods of a user: 'credential' (password hash) or a social provider such as 'google'. */
export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

/** Short-lived tokens: password resets, OAuth state, the pending two-factor challenge. */
export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** TOTP secrets and backup codes (both encrypted with the auth secret). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('two_factor_secret_idx').on(table.secret), index('two_factor_user_id_idx').on(table.userId)],
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

/** One paid top-up. Money is integer USD cents. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    /** Generated by the browser for one checkout attempt, so a retried click finds this order instead of making another. */
    orderKey: text('order_key').notNull(),
    status: text('status').notNull(),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    countryIso: text('country_iso').notNull(),
    /** National number, digits only, as the recipient step takes it. */
    recipientPhone: text('recipient_phone').notNull(),
    amountCents: integer('amount_cents').notNull(),
    percentageFeeCents: integer('percentage_fee_cents').notNull(),
    standardFeeCents: integer('standard_fee_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** What the recipient should get, in the destination currency, when the operator gives a rate. */
    localAmount: numeric('local_amount', { precision: 20, scale: 2 }),
    /** For bundles and data plans: the plan the amount buys, as the operator describes it. */
    planDescription: text('plan_description'),
    destinationCurrencyCode: text('destination_currency_code').notNull(),
    receiptEmail: text('receipt_email'),
    paymentProvider: text('payment_provider').notNull(),
    /** The payment provider's id of the order's payment (a Stripe PaymentIntent's id, pi_…; the column keeps that name). */
    paymentId: text('payment_intent_id'),
    /** Sent to the top-up provider; unique forever, so a lost answer can be looked up and never sent twice. */
    customIdentifier: text('custom_identifier').notNull(),
    topupTransactionId: text('topup_transaction_id'),
    deliveredAmount: numeric('delivered_amount', { precision: 20, scale: 4 }),
    deliveredCurrencyCode: text('delivered_currency_code'),
    transactionDate: text('transaction_date'),
    /** The operator's own reference for the top-up. */
    operatorTransactionId: text('operator_transaction_id'),
    /** What the top-up provider kept back from our wallet, and the wallet after the top-up, as it reported them. */
    providerDiscount: numeric('provider_discount', { precision: 20, scale: 4 }),
    providerDiscountCurrencyCode: text('provider_discount_currency_code'),
    walletBalanceAfter: numeric('wallet_balance_after', { precision: 20, scale: 4 }),
    walletCurrencyCode: text('wallet_currency_code'),
    /** A PIN product's PIN (code, serial, instructions), encrypted with the server's secret (AES-256-GCM). */
    pinDetailEncrypted: text('pin_detail_encrypted'),
    /**
     * Why the order waits for a person (the outcome of a delivery is still unknown when the authorisation limit is
     * reached, the provider's answer disagrees with what we sent, a capture the provider refused for good); null
     * when it needs nobody. The operations console lists these orders.
     */
    attentionReason: text('attention_reason'),
    attentionSince: timestamp('attention_since', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** When the background reconciler should look at this order next; null when it needs nothing. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checkAttempts: integer('check_attempts').notNull().default(0),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the top-up provider first confirmed the top-up delivered: the console's time from payment to delivery ends here. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The payment provider's refund of a refunded order, and when it was made. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * Refunds the provider refused so far. The refund's idempotency key is derived from the order and this count, so a
     * refund left mid-way by a crash is asked for again with the same key, and one refused is tried with a new one.
     */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_user_order_key_unique').on(table.userId, table.orderKey),
    uniqueIndex('orders_payment_intent_unique').on(table.paymentId),
    uniqueIndex('orders_custom_identifier_unique').on(table.customIdentifier),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_recipient_created_idx').on(table.countryIso, table.recipientPhone, table.createdAt),
    index('orders_next_check_idx').on(table.nextCheckAt),
    index('orders_attention_idx').on(table.attentionSince),
    // The operations console's order list: newest first (created_at, id) under each filter or kind of search that leads.
    index('orders_created_idx').on(table.createdAt, table.id),
    index('orders_status_created_idx').on(table.status, table.createdAt, table.id),
    index('orders_country_created_idx').on(table.countryIso, table.createdAt, table.id),
    index('orders_operator_created_idx').on(table.operatorId, table.createdAt, table.id),
    index('orders_phone_created_idx').on(table.recipientPhone, table.createdAt, table.id),
    index('orders_topup_transaction_idx').on(table.topupTransactionId),
    // The console's figures: the days whose orders moved since they were last added up, and refunds by the day made.
    index('orders_updated_idx').on(table.updatedAt),
    index('orders_refunded_idx')
      .on(table.refundedAt)
      .where(sql`${table.refundedAt} is not null`),
  ],
);

/** The audit trail: one row per change of an order's status, written in the transaction that made it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** Who moved it: browser, webhook, reconciler, checkout, admin. */
    source: text('source').notNull(),
    /** For source 'admin': the admin's user id (their reason is in detail.reason). */
    actorId: text('actor_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/*
 * The console's figures, added up per UTC day of the orders' creation (src/server/orders/daily-figures.ts): a closed day
 * is added up once and again only when one of its orders moves; today is added up at every look. The overview reads
 * these, never the orders of 30 days.
 */

/** The days added up, and when: the orders as they stood then. */
export const dailyFiguresDays = pgTable('daily_figures_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/** One row: until when the orders' moves have been looked at (less a margin), and the lock refreshes take in turn. */
export const dailyFiguresChecks = pgTable('daily_figures_checks', {
  id: integer('id').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});

/** A day's orders by their status now: how many, their totals and fees, and how many had a delivery sent. */
export const dailyStatusFigures = pgTable(
  'daily_status_figures',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    deliveriesSent: integer('deliveries_sent').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.status] })],
);

/** A day's captured orders by destination operator: how many and their totals. */
export const dailyOperatorFigures = pgTable(
  'daily_operator_figures',
  {
    day: date('day', { mode: 'string' }).notNull(),
    operatorId: integer('operator_id').notNull(),
    countryIso: text('country_iso').notNull(),
    operatorName: text('operator_name').notNull(),
    orders: integer('orders').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.operatorId, table.countryIso] })],
);

/** A day's delivered orders by their time from payment to delivery, to the second, with the exact sum in milliseconds. */
export const dailyDeliveryTimes = pgTable(
  'daily_delivery_times',
  {
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds').notNull(),
    orders: integer('orders').notNull(),
    totalMs: bigint('total_ms', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.seconds] })],
);

/** Payment intents of the sandbox payment provider: the same statuses and amounts Stripe keeps. */
export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    /** USD cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    captureMethod: text('capture_method').notNull(),
    paymentMethodType: text('payment_method_type'),
    amountReceived: integer('amount_received').notNull().default(0),
    receiptEmail: text('receipt_email'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    lastPaymentError: jsonb('last_payment_error').$type<{ type: string; code?: string; decline_code?: string; message: string }>(),
    cancellationReason: text('cancellation_reason'),
    /** What has been given back of amountReceived, by refunds that succeeded (or are pending). */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** Set by the test card whose refunds fail: Stripe's refund failure_reason they fail with. */
    refundFailureReason: text('refund_failure_reason'),
    /** Set by the test card whose charges are disputed: the reason of the dispute opened once the payment is captured. */
    disputeReason: text('dispute_reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_payment_intents_idempotency_unique').on(table.idempotencyKey)],
);

/** Refunds of the sandbox payment provider: Stripe's Refund objects, one per idempotency key. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    paymentIntentId: text('payment_intent_id')
      .notNull()
      .references(() => sandboxPaymentIntents.id),
    /** USD cents. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's refund statuses: pending, requires_action, succeeded, failed, canceled. */
    status: text('status').notNull(),
    reason: text('reason'),
    failureReason: text('failure_reason'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_refunds_idempotency_unique').on(table.idempotencyKey),
    index('sandbox_refunds_payment_intent_idx').on(table.paymentIntentId),
  ],
);

/** Top-ups sent to the sandbox top-up provider, with the outcome its documented test numbers produce. */
export const sandboxTopups = pgTable(
  'sandbox_topups',
  {
    transactionId: serial('transaction_id').primaryKey(),
    customIdentifier: text('custom_identifier').notNull(),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    countryIso: text('country_iso').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    status: text('status').notNull(),
    /** USD. */
    requestedAmount: numeric('requested_amount', { precision: 20, scale: 2 }).notNull(),
    deliveredAmount: numeric('delivered_amount', { precision: 20, scale: 4 }).notNull(),
    deliveredCurrencyCode: text('delivered_currency_code').notNull(),
    /** A PIN product's top-up: its answer carries a PIN, derived from the transaction. */
    pin: boolean('pin').notNull().default(false),
    /** Status reads so far; a PROCESSING test number succeeds after a few. */
    statusReads: integer('status_reads').notNull().default(0),
    /** Until then the provider's lookups do not find the top-up (the test number of a late delivery); null: found at once. */
    unknownUntil: timestamp('unknown_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_topups_custom_identifier_unique').on(table.customIdentifier)],
);

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
    /** What was done, e.g. 'order.refund', 'customer.block', 'pricing.update' (shared/api/admin.ts ADMIN_ACTIONS). */
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
  },
  (table) => [index('topup_requests_user_idx').on(table.userId), index('topup_requests_expires_idx').on(table.expiresAt)],
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

/**
 * How Better Auth's rows refer to each other, for Drizzle's relational queries: with `advanced.database.joins`
 * (auth/auth.ts), Better Auth reads a session and its user in one query instead of two. No table changes.
 */
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));
