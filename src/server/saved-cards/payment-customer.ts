import { and, eq, isNull, like, notLike, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import type { PaymentProvider, SavedCardsAtProvider } from '../payments/provider';

/** The sandbox names its customers cus_sandbox_…; one of those is nobody at Stripe, and the reverse. */
function belongsTo(provider: PaymentProvider['kind'], customerId: string | null): customerId is string {
  if (!customerId) return false;
  return customerId.startsWith('cus_sandbox_') === (provider === 'sandbox');
}

/** The customer's id at this provider, or null while they have saved no card with it. */
export async function paymentCustomerOf(db: Database, provider: PaymentProvider['kind'], userId: string): Promise<string | null> {
  const [row] = await db.select({ customerId: user.paymentCustomerId }).from(user).where(eq(user.id, userId));
  const customerId = row?.customerId ?? null;
  return belongsTo(provider, customerId) ? customerId : null;
}

/**
 * The customer's id at the provider, made with the first card they save (ADR 063). Two checkouts making one at once
 * keep the first stored: the conditional update writes it only where none is.
 */
export async function ensurePaymentCustomer(
  db: Database,
  provider: PaymentProvider['kind'],
  savedCards: SavedCardsAtProvider,
  account: { userId: string; email: string | null },
): Promise<string> {
  const existing = await paymentCustomerOf(db, provider, account.userId);
  if (existing) return existing;
  const created = await savedCards.createCustomer({ ...account, idempotencyKey: `customer-${account.userId}` });
  // Where none is, or only another provider's (a deployment that moved from the sandbox to Stripe).
  const othersCustomer =
    provider === 'sandbox' ? notLike(user.paymentCustomerId, 'cus\\_sandbox\\_%') : like(user.paymentCustomerId, 'cus\\_sandbox\\_%');
  const [stored] = await db
    .update(user)
    .set({ paymentCustomerId: created })
    .where(and(eq(user.id, account.userId), or(isNull(user.paymentCustomerId), othersCustomer)))
    .returning({ customerId: user.paymentCustomerId });
  if (stored?.customerId) return stored.customerId;
  return (await paymentCustomerOf(db, provider, account.userId)) ?? created;
}
