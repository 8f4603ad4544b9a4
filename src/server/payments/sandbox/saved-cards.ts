import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPaymentIntents, sandboxPaymentMethods, type SandboxCardFacts } from '../../db/schema';
import { PaymentProviderError, type PaymentMethodChoice, type SavedCardsAtProvider } from '../provider';
import type { PaymentIntentStatus } from '../stripe/vocabulary';
import { paymentIntentNotFound, randomBase62, toPayment, unexpectedState, type SandboxPaymentIntentRow } from './payment-intents';

/** Stripe lets a payment's method be changed only before it is paid. */
const CHANGEABLE: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

/** The intent's columns for a choice (Stripe's customer, setup_future_usage and payment_method). */
export function intentChoiceOf(choice: PaymentMethodChoice | undefined) {
  return {
    customer: choice?.customerId ?? null,
    setupFutureUsage: choice?.saveCard ? 'on_session' : null,
    paymentMethodId: choice?.paymentMethodId ?? null,
  };
}

/** Stripe's answer for a payment method that is not the customer's, or was detached. */
export function paymentMethodNotFound(id: string): PaymentProviderError {
  return new PaymentProviderError(`No such PaymentMethod: '${id}'`, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    status: 404,
    retryable: false,
  });
}

/** A card attached to this customer and not detached; null otherwise. */
export async function attachedCard(db: Database, id: string, customer: string | null): Promise<SandboxPaymentMethodRow | null> {
  if (!customer) return null;
  const [row] = await db
    .select()
    .from(sandboxPaymentMethods)
    .where(and(eq(sandboxPaymentMethods.id, id), eq(sandboxPaymentMethods.customer, customer), isNull(sandboxPaymentMethods.detachedAt)));
  return row ?? null;
}

/**
 * Keeps the card that just authorised an intent made with setup_future_usage for its customer, as Stripe attaches it:
 * the same card (by fingerprint) already attached is used again. The intent then names it as its payment method.
 */
export async function attachAuthorisingCard(db: Database, intent: SandboxPaymentIntentRow, card: SandboxCardFacts, now: Date): Promise<void> {
  if (!intent.customer || intent.setupFutureUsage === null || !intent.cardBrand || !intent.cardLast4) return;
  if (card.expMonth === undefined || card.expYear === undefined) return;
  const [existing] = await db
    .select({ id: sandboxPaymentMethods.id })
    .from(sandboxPaymentMethods)
    .where(
      and(
        eq(sandboxPaymentMethods.customer, intent.customer),
        eq(sandboxPaymentMethods.fingerprint, card.fingerprint),
        isNull(sandboxPaymentMethods.detachedAt),
      ),
    );
  const id = existing?.id ?? `pm_sandbox_${randomBase62(24)}`;
  if (!existing) {
    await db.insert(sandboxPaymentMethods).values({
      id,
      customer: intent.customer,
      brand: intent.cardBrand,
      last4: intent.cardLast4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: card.fingerprint,
      card,
      createdAt: now,
    });
  }
  await db.update(sandboxPaymentIntents).set({ paymentMethodId: id, updatedAt: now }).where(eq(sandboxPaymentIntents.id, intent.id));
}

/** The sandbox's customers and saved cards, Stripe's Customers and PaymentMethods in the sandbox's tables (the off-session confirmation is off-session.ts's, added by the provider). */
export function createSandboxSavedCards(db: Database, now: () => Date): Omit<SavedCardsAtProvider, 'confirmOffSession'> {
  return {
    async createCustomer() {
      return `cus_sandbox_${randomBase62(14)}`;
    },

    async choosePaymentMethod(paymentId, choice) {
      if (choice.paymentMethodId && !(await attachedCard(db, choice.paymentMethodId, choice.customerId))) {
        throw paymentMethodNotFound(choice.paymentMethodId);
      }
      const [updated] = await db
        .update(sandboxPaymentIntents)
        .set({ ...intentChoiceOf(choice), updatedAt: now() })
        .where(and(eq(sandboxPaymentIntents.id, paymentId), inArray(sandboxPaymentIntents.status, [...CHANGEABLE])))
        .returning();
      if (updated) return toPayment(updated);
      const [intent] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentId));
      if (!intent) throw paymentIntentNotFound(paymentId);
      throw unexpectedState('confirm', intent.status as PaymentIntentStatus, CHANGEABLE);
    },

    async detachCard(providerMethodId) {
      await db
        .update(sandboxPaymentMethods)
        .set({ detachedAt: now() })
        .where(and(eq(sandboxPaymentMethods.id, providerMethodId), isNull(sandboxPaymentMethods.detachedAt)));
    },

    async customerSessionSecret() {
      // The sandbox's payment form lists the saved cards from GET /api/user/payment-methods.
      return null;
    },
  };
}
