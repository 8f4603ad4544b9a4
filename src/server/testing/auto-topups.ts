import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { autoTopups, sandboxPaymentMethods, savedPaymentMethods, user } from '../db/schema';
import type { OrderServices } from '../orders/services';
import { cardFactsOf, SANDBOX_FINGERPRINT_KEY } from '../payments/sandbox/test-cards';
import { firstOffer } from './orders';

/**
 * A card saved for `userId` as a paid checkout with "Save this card" leaves it: the sandbox customer and its attached
 * card, and the product's saved card. Answers the saved card's id.
 */
export async function insertSavedCard(db: Database, userId: string, number = '4242424242424242'): Promise<string> {
  const customer = `cus_sandbox_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  await db.update(user).set({ paymentCustomerId: customer }).where(eq(user.id, userId));
  const facts = { ...cardFactsOf(number, SANDBOX_FINGERPRINT_KEY), expMonth: 12, expYear: 2034 };
  const providerMethodId = `pm_sandbox_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  await db.insert(sandboxPaymentMethods).values({
    id: providerMethodId,
    customer,
    brand: facts.brand,
    last4: number.slice(-4),
    expMonth: 12,
    expYear: 2034,
    fingerprint: facts.fingerprint,
    card: facts,
  });
  const [saved] = await db
    .insert(savedPaymentMethods)
    .values({
      userId,
      provider: 'sandbox',
      providerMethodId,
      brand: facts.brand,
      last4: number.slice(-4),
      expMonth: 12,
      expYear: 2034,
      fingerprint: facts.fingerprint,
    })
    .returning({ id: savedPaymentMethods.id });
  return saved!.id;
}

/** An active schedule of the first amount the number's operator offers, due at `dueAt`. */
export async function insertSchedule(
  services: OrderServices,
  options: { userId: string; savedCardId: string; phone: string; dueAt: Date; intervalDays?: number },
): Promise<string> {
  const { operator, amount } = await firstOffer(services, 'NG', options.phone);
  const [row] = await services.db
    .insert(autoTopups)
    .values({
      userId: options.userId,
      countryIso: 'NG',
      recipientPhone: options.phone,
      operatorId: operator.operatorId,
      operatorName: operator.name,
      amountCents: Math.round(Number(amount) * 100),
      intervalDays: options.intervalDays ?? 7,
      savedCardId: options.savedCardId,
      nextDueAt: options.dueAt,
    })
    .returning({ id: autoTopups.id });
  return row!.id;
}
