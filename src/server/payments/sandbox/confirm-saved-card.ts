import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema';
import type { z } from 'zod';
import type { SandboxConfirmResponse, sandboxConfirmBodySchema } from '../../../shared/api/orders';
import type { PaymentErrorDetail } from '../provider';
import type { PaymentIntentStatus } from '../stripe/vocabulary';
import { paymentIntentNotFound, secretIs, unexpectedState, type SandboxPaymentIntentRow } from './payment-intents';
import { attachedCard, paymentMethodNotFound, type SandboxPaymentMethodRow } from './saved-cards';

/** The payment form's answer (confirm.ts's SandboxConfirmRequest) when it pays with a saved card. */
type SandboxConfirmRequest = z.output<typeof sandboxConfirmBodySchema>;
type SavedCardConfirm = SandboxConfirmRequest & { paymentMethod: Extract<SandboxConfirmRequest['paymentMethod'], { type: 'saved_card' }> };

export const CONFIRMABLE: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * Confirms a sandbox intent with the saved card its checkout chose (ADR 063), as Stripe confirms an intent whose
 * payment_method is set: the card must be the intent's, still attached to its customer (a removed card is not:
 * 404), and the security code is asked again (its format checked; the number is not kept, so nothing else can be).
 * A card expired since it was saved is declined as Stripe declines it.
 */
export async function confirmWithSavedCard(db: Database, intentId: string, body: SavedCardConfirm, now: Date): Promise<SandboxConfirmResponse> {
  const { paymentMethodId, cvc } = body.paymentMethod;
  const [intent] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(and(eq(sandboxPaymentIntents.id, intentId), secretIs(body.clientSecret)));
  if (!intent) throw paymentIntentNotFound(intentId);
  if (intent.status === 'requires_capture') return { paymentIntent: browserView(intent) };
  if (!CONFIRMABLE.includes(intent.status as PaymentIntentStatus))
    throw unexpectedState('confirm', intent.status as PaymentIntentStatus, CONFIRMABLE);
  const card = intent.paymentMethodId === paymentMethodId ? await attachedCard(db, paymentMethodId, intent.customer) : null;
  if (!card) throw paymentMethodNotFound(paymentMethodId);
  if (!(card.brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc))
    return { error: cardError('incorrect_cvc', "Your card's security code is invalid.") };
  if (cardExpired(card, now)) {
    return { error: cardError('expired_card', 'Your card has expired.') };
  }
  return { paymentIntent: browserView(await authoriseWithSavedCard(db, intentId, card, now, body.receiptEmail)) };
}

/**
 * Authorises a sandbox intent with a saved card in one conditional UPDATE (the payer's confirmation, or an off-session
 * one): of two confirmations only one moves it; the other finds it authorised, or is refused for its state.
 */
export async function authoriseWithSavedCard(
  db: Database,
  intentId: string,
  card: SandboxPaymentMethodRow,
  now: Date,
  receiptEmail?: string | null,
): Promise<SandboxPaymentIntentRow> {
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({
      status: 'requires_capture',
      paymentMethodType: 'card',
      cardBrand: card.brand,
      cardLast4: card.last4,
      card: card.card,
      lastPaymentError: null,
      challengeOutcome: null,
      threeDSecureResult: null,
      // Already saved: the authorisation does not save it again.
      setupFutureUsage: null,
      ...(receiptEmail ? { receiptEmail } : {}),
      updatedAt: now,
    })
    .where(and(eq(sandboxPaymentIntents.id, intentId), inArray(sandboxPaymentIntents.status, [...CONFIRMABLE])))
    .returning();
  if (updated) return updated;
  const [latest] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
  if (latest?.status === 'requires_capture') return latest;
  throw unexpectedState('confirm', (latest?.status ?? 'canceled') as PaymentIntentStatus, CONFIRMABLE);
}

/** Whether a saved card expired before `now` (Stripe declines it: expired_card). */
export function cardExpired(card: Pick<SandboxPaymentMethodRow, 'expMonth' | 'expYear'>, now: Date): boolean {
  return card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
}

function browserView(intent: SandboxPaymentIntentRow) {
  return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency };
}

function cardError(code: string, message: string): PaymentErrorDetail {
  return { type: 'card_error', code, message };
}
