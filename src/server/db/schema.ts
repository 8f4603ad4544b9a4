import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Fee settings (SPEC §3 Price config); one row per key, editable by admins. */
export const priceConfig = pgTable('price_config', {
  key: text('key').primaryKey(),
  value: numeric('value', { precision: 10, scale: 4 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages sent from the contact page, read by the support team. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  email: text('email').notNull(),
  topic: text('topic').notNull(),
  message: text('message').notNull(),
  language: text('language').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Destinations (SPEC §3 Country). Seeded from ISO 3166 and libphonenumber; `enabled` is editable by admins. */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    isoName: text('iso_name').notNull(),
    name: text('name').notNull(),
    currencyCode: text('currency_code').notNull(),
    callingCodes: jsonb('calling_codes').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
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
    /** Destination-currency units per USD, from the FX snapshot. */
    fxRate: numeric('fx_rate', { precision: 20, scale: 6 }).notNull(),
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
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_outbox_to_idx').on(table.to, table.createdAt)],
);

/** Failed password sign-ins per key ('email:…' or 'ip:…') in a fixed 15-minute window. */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
