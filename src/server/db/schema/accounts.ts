import { relations } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* Better Auth's tables (people, sessions, sign-in methods, tokens, two-factor) and their relations. */

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
  /** The payment provider's customer (Stripe's cus_…, the sandbox's cus_sandbox_…), made when a first card is saved. */
  paymentCustomerId: text('payment_customer_id'),
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
