import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts';

/**
 * Cards a customer saved when paying (ADR 063): what the provider says of the card (brand, last four digits, expiry,
 * fingerprint) and the provider's id to pay with it again — never the number. A removed card keeps its row with
 * `removed_at` (the provider's copy is detached) and can no longer pay.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'stripe' or 'sandbox': a card saved with one provider cannot pay through the other. */
    provider: text('provider').notNull(),
    /** Stripe's PaymentMethod id (pm_…) or the sandbox's (pm_sandbox_…). */
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    /** The provider's fingerprint: the same card number always has the same one. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('saved_payment_methods_provider_method_unique').on(table.provider, table.providerMethodId),
    // One live row per card and customer: saving the same card again refreshes it.
    uniqueIndex('saved_payment_methods_user_card_unique')
      .on(table.userId, table.provider, table.fingerprint)
      .where(sql`${table.removedAt} is null`),
    index('saved_payment_methods_user_idx').on(table.userId, table.createdAt),
  ],
);
