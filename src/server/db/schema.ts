import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
