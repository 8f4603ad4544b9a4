import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/* Promo codes (docs/decisions/067-promo-codes.md): what the console sets; the orders that used one name it. */

/** One promo code and its terms, versioned like the settings: each change bumps `version` and is audited. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Normalised (src/shared/promo.ts): upper case, no spaces or dashes. */
    code: text('code').notNull(),
    /** percent | fixed */
    kind: text('kind').notNull(),
    /** fee | total: what the discount is taken off. */
    appliesTo: text('applies_to').notNull(),
    /** Basis points (percent) or cents (fixed). */
    value: integer('value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The most all orders together may take off, in cents; null: no limit. */
    budgetCents: integer('budget_cents'),
    /** How many orders one customer may use it on; null: no limit. */
    usesPerCustomer: integer('uses_per_customer'),
    /** Only for a customer who has no paid top-up yet. */
    firstTopUpOnly: boolean('first_top_up_only').notNull().default(false),
    /** The least top-up amount (before fees) it applies to, in cents. */
    minAmountCents: integer('min_amount_cents').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedById: text('updated_by_id').notNull(),
    updatedByEmail: text('updated_by_email').notNull(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_unique').on(table.code),
    check('promo_codes_kind', sql`${table.kind} in ('percent', 'fixed')`),
    check('promo_codes_applies_to', sql`${table.appliesTo} in ('fee', 'total')`),
    check('promo_codes_value', sql`${table.value} > 0 and (${table.kind} = 'fixed' or ${table.value} <= 10000)`),
    check('promo_codes_window', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
