import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema';
import { PaymentProviderError, type Payment, type PaymentErrorDetail } from '../provider';
import type { PaymentIntentStatus } from '../stripe/vocabulary';
import { authoriseWithSavedCard, cardExpired, CONFIRMABLE } from './confirm-saved-card';
import { paymentIntentNotFound, toPayment, unexpectedState } from './payment-intents';
import { attachedCard, paymentMethodNotFound } from './saved-cards';
import { asksAuthenticationOffSession } from './test-cards';

const AUTHENTICATION_REQUIRED: PaymentErrorDetail = {
  type: 'card_error',
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
const EXPIRED: PaymentErrorDetail = { type: 'card_error', code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' };

/**
 * Confirms a sandbox intent off-session with the customer's saved card (ADR 068), as Stripe confirms one with
 * `off_session: true`: the card must be the intent's customer's and still attached (404 otherwise); a card that asks
 * for authentication on every payment (4000 0027 6000 3184), or a payment a risk rule made require 3-D Secure, is
 * refused with authentication_required, and an expired card with expired_card — the intent goes back to
 * requires_payment_method with the error, as Stripe leaves it. Nothing is held then.
 */
export async function confirmOffSession(db: Database, paymentId: string, paymentMethodId: string, now: Date): Promise<Payment> {
  const [intent] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentId));
  if (!intent) throw paymentIntentNotFound(paymentId);
  if (intent.status === 'requires_capture' && intent.paymentMethodId === paymentMethodId) return toPayment(intent);
  if (!CONFIRMABLE.includes(intent.status as PaymentIntentStatus))
    throw unexpectedState('confirm', intent.status as PaymentIntentStatus, CONFIRMABLE);
  const card = await attachedCard(db, paymentMethodId, intent.customer);
  if (!card) throw paymentMethodNotFound(paymentMethodId);
  const refusal = cardExpired(card, now)
    ? EXPIRED
    : intent.requestThreeDSecure || asksAuthenticationOffSession(card.fingerprint)
      ? AUTHENTICATION_REQUIRED
      : null;
  if (refusal) {
    await db
      .update(sandboxPaymentIntents)
      .set({ status: 'requires_payment_method', lastPaymentError: refusal, paymentMethodId, updatedAt: now })
      .where(and(eq(sandboxPaymentIntents.id, paymentId), inArray(sandboxPaymentIntents.status, [...CONFIRMABLE])));
    throw new PaymentProviderError(refusal.message, {
      type: refusal.type,
      code: refusal.code!,
      declineCode: refusal.decline_code!,
      status: 402,
      retryable: false,
      paymentStatus: 'needs_payment_method',
    });
  }
  return toPayment(await authoriseWithSavedCard(db, paymentId, card, now));
}
