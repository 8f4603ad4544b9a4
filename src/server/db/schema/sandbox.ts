import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/* What the sandbox payment and top-up providers keep: intents, refunds and top-ups. */

/** A card as Stripe's charge describes it, with Radar's verdict (payments/sandbox/test-cards.ts makes these). */
export interface SandboxCardFacts {
  fingerprint: string;
  brand: string;
  funding: 'credit' | 'debit' | 'prepaid';
  country: string;
  cvcCheck: 'pass' | 'fail';
  riskLevel: 'normal' | 'elevated' | 'highest' | 'not_assessed';
  riskScore: number;
  /** The expiry the card was confirmed with (a card saved for later keeps it). */
  expMonth?: number;
  expYear?: number;
}
type SandboxCardError = { type: string; code?: string; decline_code?: string; message: string };
/** What completing a 3-D Secure challenge leads to: the card authorised (with its test card's extras), or declined. */
export type SandboxChallengeOutcome =
  { kind: 'authorised'; refundFailureReason?: string; disputeReason?: string } | { kind: 'declined'; error: SandboxCardError };

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
    /** The authorised card's brand (Stripe's names) and last four digits, from the number it was confirmed with. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    amountReceived: integer('amount_received').notNull().default(0),
    receiptEmail: text('receipt_email'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    lastPaymentError: jsonb('last_payment_error').$type<SandboxCardError>(),
    cancellationReason: text('cancellation_reason'),
    /** What has been given back of amountReceived, by refunds that succeeded (or are pending). */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** Set by the test card whose refunds fail: Stripe's refund failure_reason they fail with. */
    refundFailureReason: text('refund_failure_reason'),
    /** Set by the test card whose charges are disputed: the reason of the dispute opened once the payment is captured. */
    disputeReason: text('dispute_reason'),
    /** The card last tried (authorised or declined) as Stripe's charge describes it, with Radar's verdict (test-cards.ts). */
    card: jsonb('card').$type<SandboxCardFacts>(),
    /** Created with 3-D Secure asked for (Stripe's request_three_d_secure: 'any'). */
    requestThreeDSecure: boolean('request_three_d_secure').notNull().default(false),
    /** While the payer is on the challenge page: what completing it leads to (test-cards.ts). */
    challengeOutcome: jsonb('challenge_outcome').$type<SandboxChallengeOutcome>(),
    /** How 3-D Secure ended (authenticated, failed); null when the card was not asked. */
    threeDSecureResult: text('three_d_secure_result'),
    idempotencyKey: text('idempotency_key'),
    /** Stripe's `customer`: the sandbox customer a card may be saved to, or paid with a saved card of. */
    customer: text('customer'),
    /** Stripe's `setup_future_usage`: 'on_session' keeps the card that pays for the customer's next payments. */
    setupFutureUsage: text('setup_future_usage'),
    /** Stripe's `payment_method`: the saved card chosen to pay (sandbox_payment_methods), or the card just saved. */
    paymentMethodId: text('payment_method_id'),
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
    /** What the sandbox kept back (the operator's commission) and its wallet before and after the debit, in USD. */
    discount: numeric('discount', { precision: 20, scale: 2 }),
    walletBalanceBefore: numeric('wallet_balance_before', { precision: 20, scale: 2 }),
    walletBalanceAfter: numeric('wallet_balance_after', { precision: 20, scale: 2 }),
    /** Status reads so far; a PROCESSING test number succeeds after a few. */
    statusReads: integer('status_reads').notNull().default(0),
    /** Until then the provider's lookups do not find the top-up (the test number of a late delivery); null: found at once. */
    unknownUntil: timestamp('unknown_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sandbox_topups_custom_identifier_unique').on(table.customIdentifier)],
);

/**
 * The sandbox top-up provider's wallet, one row, in USD: each top-up it makes is debited from it (the amount less the
 * operator's commission), as Reloadly debits ours. Created with SANDBOX_WALLET_START_USD on first use.
 */
export const sandboxWallet = pgTable(
  'sandbox_wallet',
  {
    id: smallint('id').primaryKey().default(1),
    balance: numeric('balance', { precision: 20, scale: 2 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sandbox_wallet_one_row', sql`${table.id} = 1`)],
);

/**
 * Cards the sandbox keeps for a customer, as Stripe keeps PaymentMethods attached to a Customer: what the charge says
 * of the card and its fingerprint, never its number. Detached ones can no longer pay.
 */
export const sandboxPaymentMethods = pgTable(
  'sandbox_payment_methods',
  {
    id: text('id').primaryKey(),
    /** The sandbox customer (cus_sandbox_…) the card is attached to. */
    customer: text('customer').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** What Stripe's charge said of the card when it was saved (funding, country, Radar's verdict), for later payments. */
    card: jsonb('card').$type<SandboxCardFacts>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_payment_methods_customer_idx').on(table.customer)],
);
