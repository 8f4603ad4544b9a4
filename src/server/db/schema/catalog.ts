import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/* Fee settings, service limits and the catalogue: countries, operators, their prefixes and the switches. */

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
 * Fee rules per corridor (ADR 053): a country's rule, or an operator's (keyed by the top-up provider and its operator id,
 * as the operator switches are), overrides the global fee in price_config; checkout applies the most specific one.
 * `operator_id` is null for a country's rule; one rule per country and per operator.
 */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: serial('id').primaryKey(),
    countryIso: text('country_iso').notNull(),
    provider: text('provider').$type<'sandbox' | 'reloadly'>(),
    operatorId: integer('operator_id'),
    /** The name the provider gave the operator when the rule was saved, for the console and the audit log. */
    operatorName: text('operator_name'),
    airtimeFee: numeric('airtime_fee', { precision: 10, scale: 4 }).notNull(),
    standardFee: numeric('standard_fee', { precision: 10, scale: 4 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedById: text('updated_by_id').notNull(),
    updatedByEmail: text('updated_by_email').notNull(),
  },
  (table) => [
    unique('fee_rules_scope_unique').on(table.countryIso, table.provider, table.operatorId).nullsNotDistinct(),
    check('fee_rules_operator_has_provider', sql`(${table.provider} is null) = (${table.operatorId} is null)`),
  ],
);

/**
 * Every change of the fee rules, append-only: version N is the Nth save or removal of a rule (the fees are null for a
 * removal), who made it and why. The primary key refuses a second change on the same version.
 */
export const feeRuleChanges = pgTable('fee_rule_changes', {
  version: integer('version').primaryKey(),
  countryIso: text('country_iso').notNull(),
  provider: text('provider').$type<'sandbox' | 'reloadly'>(),
  operatorId: integer('operator_id'),
  operatorName: text('operator_name'),
  airtimeFee: numeric('airtime_fee', { precision: 10, scale: 4 }),
  standardFee: numeric('standard_fee', { precision: 10, scale: 4 }),
  actorId: text('actor_id').notNull(),
  actorEmail: text('actor_email').notNull(),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
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
    /**
     * What the provider keeps back from our wallet on each top-up, in percent of the amount (Reloadly's `commission`;
     * the sandbox's documented one, docs/sandbox-topups.md). Null until the catalogue's seed fills it. Never shown to
     * customers.
     */
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }),
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
