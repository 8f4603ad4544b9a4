import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './accounts';

/* Refer a friend (docs/decisions/070-refer-a-friend.md): each customer's code, the friends who joined by it, the credit. */

/** One customer's referral code: short, random, never their id. Made the first time their profile asks for it. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('referral_codes_code_unique').on(table.code)],
);

/**
 * A friend who signed up through a referrer's link: joined → qualified (their first top-up completed, inside the
 * dispute window) → rewarded (the referrer's credit granted), or refused with the reason (same card, address, account
 * signals, or their first top-up refunded or disputed). One referral per friend.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    friendId: text('friend_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** joined | qualified | rewarded | refused */
    status: text('status').notNull(),
    /** Why it was refused: same_card | same_address | same_account | self | first_top_up_undone; null otherwise. */
    refusedReason: text('refused_reason'),
    /** The address the friend signed up from (canonical spelling), compared with the referrer's. */
    signUpAddress: text('sign_up_address'),
    /** The friend's first completed top-up, once there is one. */
    qualifyingOrderId: text('qualifying_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('referrals_friend_unique').on(table.friendId),
    index('referrals_referrer_idx').on(table.referrerId),
    index('referrals_open_idx')
      .on(table.status)
      .where(sql`${table.status} in ('joined', 'qualified')`),
    check('referrals_status', sql`${table.status} in ('joined', 'qualified', 'rewarded', 'refused')`),
    check('referrals_not_self', sql`${table.referrerId} <> ${table.friendId}`),
  ],
);

/**
 * The credit granted to referrers, one row per rewarded referral (the unique index grants it once, whatever runs
 * the job). What a customer has left is these grants less the credit their orders used (orders.credit_used_cents),
 * counting only orders that took or hold money: an order that ends unpaid, or is refunded, gives its credit back.
 */
export const referralCredits = pgTable(
  'referral_credits',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('referral_credits_referral_unique').on(table.referralId),
    index('referral_credits_user_idx').on(table.userId),
    check('referral_credits_positive', sql`${table.amountCents} > 0`),
  ],
);

/** One row: the amounts and the dispute window the console sets, versioned like the risk settings (none saved: defaults). */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Taken off the friend's first top-up's total. */
    friendDiscountCents: integer('friend_discount_cents').notNull(),
    /** Granted to the referrer once that top-up is past the dispute window. */
    referrerCreditCents: integer('referrer_credit_cents').notNull(),
    disputeWindowDays: integer('dispute_window_days').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedById: text('updated_by_id').notNull(),
    updatedByEmail: text('updated_by_email').notNull(),
  },
  (table) => [
    check('referral_settings_one_row', sql`${table.id} = 1`),
    check(
      'referral_settings_values',
      sql`${table.friendDiscountCents} >= 0 and ${table.referrerCreditCents} >= 0 and ${table.disputeWindowDays} >= 0`,
    ),
  ],
);
