import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SavedCardView } from '../../shared/api/saved-cards';
import type { Database } from '../db/client';
import { savedPaymentMethods } from '../db/schema';
import { DomainError } from '../domain-error';
import type { PaymentProvider, SavedCard } from '../payments/provider';

/*
 * A customer's saved cards (ADR 063), kept as the provider describes them: brand, last four digits, expiry and the
 * fingerprint, with the provider's id to pay with the card again. Never the number; the security code is asked again.
 */

/** Another customer's card, a removed one, or no such id: all simply not found (a 403 would say the id exists). */
export const savedCardNotFound = () => new DomainError('not_found', 'SAVED_CARD_NOT_FOUND', { key: 'apiErrors.savedCardNotFound' });

type SavedCardRow = typeof savedPaymentMethods.$inferSelect;

function viewOf(row: SavedCardRow): SavedCardView {
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, createdAt: row.createdAt.toISOString() };
}

/** The customer's cards that can pay through this provider, newest first. */
export async function listSavedCards(db: Database, userId: string, provider: PaymentProvider['kind']): Promise<SavedCardView[]> {
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.provider, provider), isNull(savedPaymentMethods.removedAt)))
    .orderBy(desc(savedPaymentMethods.createdAt));
  return rows.map(viewOf);
}

/** The customer's card `id`, still saved and of this provider; 404 otherwise. */
export async function findUsableCard(db: Database, userId: string, provider: PaymentProvider['kind'], id: string): Promise<SavedCardRow> {
  const [row] = await db
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        eq(savedPaymentMethods.id, id),
        eq(savedPaymentMethods.userId, userId),
        eq(savedPaymentMethods.provider, provider),
        isNull(savedPaymentMethods.removedAt),
      ),
    );
  if (!row) throw savedCardNotFound();
  return row;
}

/**
 * Records the card an authorised payment kept for the customer. The same card saved again (same provider id, or the
 * same fingerprint while the first is still saved) is not recorded twice.
 */
export async function rememberSavedCard(db: Database, userId: string, provider: PaymentProvider['kind'], card: SavedCard, now: Date): Promise<void> {
  await db
    .insert(savedPaymentMethods)
    .values({
      userId,
      provider,
      providerMethodId: card.providerMethodId,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: card.fingerprint,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Removes the customer's card: the provider forgets it first (Stripe detaches the PaymentMethod), then the row is
 * marked removed, so a card the provider still holds is never shown as removed. 404 for a card not theirs.
 */
export async function removeSavedCard(db: Database, payments: PaymentProvider, userId: string, id: string, now: Date): Promise<void> {
  const row = await findUsableCard(db, userId, payments.kind, id);
  await payments.savedCards?.detachCard(row.providerMethodId);
  await db
    .update(savedPaymentMethods)
    .set({ removedAt: now })
    .where(and(eq(savedPaymentMethods.id, row.id), isNull(savedPaymentMethods.removedAt)));
}

/** The provider ids of the customer's saved cards, read before their account is deleted (the rows go with it). */
export async function savedCardsOf(db: Database, userId: string): Promise<{ provider: string; providerMethodId: string }[]> {
  return db
    .select({ provider: savedPaymentMethods.provider, providerMethodId: savedPaymentMethods.providerMethodId })
    .from(savedPaymentMethods)
    .where(and(eq(savedPaymentMethods.userId, userId), isNull(savedPaymentMethods.removedAt)));
}

/**
 * After an account is deleted, its cards are detached at the provider too, one by one: a provider that cannot be
 * reached is logged and does not undo the deletion (the customer is gone from our side either way).
 */
export async function detachDeletedCards(
  payments: PaymentProvider,
  cards: readonly { provider: string; providerMethodId: string }[],
  log: { warn(detail: object, message: string): void },
): Promise<void> {
  for (const card of cards) {
    if (card.provider !== payments.kind) continue;
    try {
      await payments.savedCards?.detachCard(card.providerMethodId);
    } catch (error) {
      log.warn({ err: error, paymentMethodId: card.providerMethodId }, "a deleted account's saved card could not be detached at the provider");
    }
  }
}
