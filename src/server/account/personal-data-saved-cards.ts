import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { sandboxPaymentMethods, savedPaymentMethods, user } from '../db/schema';
import type { PersonalDataTable } from './personal-data-table';

/**
 * The customer's saved cards (ADR 063) in "Your data": what the product keeps of each (brand, last four digits,
 * expiry; never the number), and the sandbox provider's copy of them. Both are deleted with the account; the real
 * provider's copies are detached by the deletion route (http/your-data.ts).
 */
export const SAVED_CARD_DATA: readonly PersonalDataTable[] = [
  {
    table: 'sandbox_payment_methods',
    // Read through the customer id on the user row, which is erased after this.
    async erase(tx, subject) {
      const customers = tx
        .select({ id: user.paymentCustomerId })
        .from(user)
        .where(and(eq(user.id, subject.userId), isNotNull(user.paymentCustomerId)));
      await tx.delete(sandboxPaymentMethods).where(inArray(sandboxPaymentMethods.customer, customers));
    },
  },
  {
    table: 'saved_payment_methods',
    exportAs: 'savedCards',
    export: (tx, subject) =>
      tx
        .select({
          brand: savedPaymentMethods.brand,
          last4: savedPaymentMethods.last4,
          expMonth: savedPaymentMethods.expMonth,
          expYear: savedPaymentMethods.expYear,
          createdAt: savedPaymentMethods.createdAt,
          removedAt: savedPaymentMethods.removedAt,
        })
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.userId, subject.userId))
        .orderBy(savedPaymentMethods.createdAt),
    erase: async (tx, subject) => void (await tx.delete(savedPaymentMethods).where(eq(savedPaymentMethods.userId, subject.userId))),
  },
];
