import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { BrowserPaymentIntent, SandboxConfirmResponse, sandboxConfirmBodySchema } from '../../../shared/api/orders';
import { cardBrandOf, isAmericanExpress, passesLuhnCheck } from '../../../shared/card-number';
import { perDatabase, type Database } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema';
import type { PaymentErrorDetail } from '../provider';
import type { PaymentIntentStatus } from '../stripe/vocabulary';
import { sandboxChallengePath } from './challenge';
import { paymentIntentNotFound, type SandboxPaymentIntentRow, secretIs, unexpectedState } from './payment-intents';
import { confirmWithSavedCard } from './confirm-saved-card';
import { attachAuthorisingCard } from './saved-cards';
import { CASH_APP_DECLINE, cardFactsOf, SANDBOX_FINGERPRINT_KEY, type TestCardOutcome, testCardOutcome } from './test-cards';

export type SandboxConfirmRequest = z.output<typeof sandboxConfirmBodySchema>;
/** What the payment form sends when the payer types a card or answers Cash App (a saved card goes to confirm-saved-card.ts). */
type FormPaymentMethod = Exclude<SandboxConfirmRequest['paymentMethod'], { type: 'saved_card' }>;
type CardDetails = Extract<FormPaymentMethod, { type: 'card' }>;

/** Stripe confirms only from these; a declined attempt returns the intent to requires_payment_method. */
const CONFIRMABLE: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
/** An expiry year further ahead than this cannot be a real card's. */
const MAX_YEARS_AHEAD = 50;

/**
 * Confirms a sandbox payment intent with the payment form's card or Cash App answer, as Stripe's confirm does:
 * the intent is found by id and client secret; card details that cannot be a card are refused without touching
 * the intent; otherwise Stripe's test cards decide (test-cards.ts). Declines come back as `{ error }` and leave the
 * intent in requires_payment_method with lastPaymentError set, so another card can be tried.
 * Throws PaymentProviderError: 404 for an unknown intent or a wrong secret, 400 for an intent that can no longer be
 * confirmed.
 */
export async function confirmSandboxPaymentIntent(
  db: Database,
  intentId: string,
  body: SandboxConfirmRequest,
  now: Date = new Date(),
): Promise<SandboxConfirmResponse> {
  const { paymentMethod } = body;
  if (paymentMethod.type === 'saved_card') return confirmWithSavedCard(db, intentId, { ...body, paymentMethod }, now);
  const invalidDetails = paymentMethod.type === 'card' ? cardDetailsError(paymentMethod, now) : null;
  if (!invalidDetails) {
    // The usual case in one statement: the intent with this secret, still confirmable, takes the outcome.
    const outcome = outcomeOf(paymentMethod, false);
    const card = cardOf(paymentMethod);
    const [updated] =
      outcome.kind === 'authorised'
        ? await authoriseIntent(db).execute({
            id: intentId,
            clientSecret: body.clientSecret,
            // A card that 3-D Secure would challenge is authorised here only for a payment that does not require it.
            evenWhenRequired: outcomeOf(paymentMethod, true).kind === 'authorised',
            paymentMethodType: paymentMethod.type,
            ...cardShownOf(paymentMethod),
            refundFailureReason: outcome.refundFailureReason ?? null,
            disputeReason: outcome.disputeReason ?? null,
            card: card && JSON.stringify(card),
            receiptEmail: body.receiptEmail || null,
            now: now.toISOString(),
          })
        : await db
            .update(sandboxPaymentIntents)
            .set({
              ...intentChangesFor(outcome, paymentMethod),
              card,
              ...(body.receiptEmail ? { receiptEmail: body.receiptEmail } : {}),
              updatedAt: now,
            })
            .where(and(eq(sandboxPaymentIntents.id, intentId), secretIs(body.clientSecret), inArray(sandboxPaymentIntents.status, [...CONFIRMABLE])))
            .returning();
    if (updated) return answerFor(outcome, await keptForLater(db, outcome, updated, now));
  }
  // Otherwise the intent is read to answer why: unknown or another secret, already authorised, finished, or a card
  // that cannot be one (refused without touching the intent).
  const [intent] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
  if (!intent || !sameSecret(intent.clientSecret, body.clientSecret)) throw paymentIntentNotFound(intentId);
  // A second click on Pay after the authorisation is harmless.
  if (intent.status === 'requires_capture') return { paymentIntent: browserView(intent) };
  if (!CONFIRMABLE.includes(intent.status as PaymentIntentStatus)) {
    throw unexpectedState('confirm', intent.status as PaymentIntentStatus, CONFIRMABLE);
  }

  if (invalidDetails) return { error: invalidDetails };
  const outcome = outcomeOf(paymentMethod, intent.requestThreeDSecure);

  const changes = { ...intentChangesFor(outcome, paymentMethod), card: cardOf(paymentMethod) };
  // Conditional, so of two confirms racing only one decides the outcome.
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({ ...changes, receiptEmail: body.receiptEmail ?? intent.receiptEmail, updatedAt: now })
    .where(and(eq(sandboxPaymentIntents.id, intentId), inArray(sandboxPaymentIntents.status, [...CONFIRMABLE])))
    .returning();
  if (!updated) {
    const [latest] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId));
    if (latest?.status === 'requires_capture') return { paymentIntent: browserView(latest) };
    throw unexpectedState('confirm', (latest?.status ?? intent.status) as PaymentIntentStatus, CONFIRMABLE);
  }
  return answerFor(outcome, await keptForLater(db, outcome, updated, now));
}

/** A card that authorised an intent made to keep it (setup_future_usage) is attached to the intent's customer. */
async function keptForLater(db: Database, outcome: TestCardOutcome, intent: SandboxPaymentIntentRow, now: Date): Promise<SandboxPaymentIntentRow> {
  if (outcome.kind !== 'authorised' || intent.setupFutureUsage === null || !intent.card) return intent;
  await attachAuthorisingCard(db, intent, intent.card, now);
  return intent;
}

/** The browser's answer: the intent (with the challenge page to go to, when 3-D Secure asks), or the decline. */
function answerFor(outcome: TestCardOutcome, intent: SandboxPaymentIntentRow): SandboxConfirmResponse {
  switch (outcome.kind) {
    case 'authorised':
      return { paymentIntent: browserView(intent) };
    case 'declined':
      return { error: outcome.error };
    case 'challenge':
      return {
        paymentIntent: {
          ...browserView(intent),
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: sandboxChallengePath(intent.id, intent.clientSecret) } },
        },
      };
  }
}

/**
 * The usual confirmation, an authorised payment (intentChangesFor's first case), as one UPDATE prepared once per
 * database: of the intent with this id and secret, still confirmable. A receipt address given replaces the intent's.
 */
const authoriseIntent = perDatabase((db) => {
  const text = (name: string) => sql`${sql.placeholder(name)}::text`;
  return db
    .update(sandboxPaymentIntents)
    .set({
      status: 'requires_capture',
      paymentMethodType: text('paymentMethodType'),
      cardBrand: text('cardBrand'),
      cardLast4: text('cardLast4'),
      lastPaymentError: null,
      refundFailureReason: text('refundFailureReason'),
      disputeReason: text('disputeReason'),
      card: sql`${sql.placeholder('card')}::jsonb`,
      challengeOutcome: null,
      threeDSecureResult: null,
      receiptEmail: sql`coalesce(${text('receiptEmail')}, ${sandboxPaymentIntents.receiptEmail})`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .where(
      and(
        eq(sandboxPaymentIntents.id, sql.placeholder('id')),
        secretIs(sql.placeholder('clientSecret')),
        inArray(sandboxPaymentIntents.status, [...CONFIRMABLE]),
        sql`(not ${sandboxPaymentIntents.requestThreeDSecure} or ${sql.placeholder('evenWhenRequired')}::boolean)`,
      ),
    )
    .returning()
    .prepare('sandbox_payment_intent_authorise');
});

/** What Stripe's test cards (test-cards.ts), or the Cash App page's answer, decide; 3-D Secure never asks Cash App. */
function outcomeOf(paymentMethod: FormPaymentMethod, threeDSecureRequired: boolean): TestCardOutcome {
  if (paymentMethod.type === 'card') return testCardOutcome(digitsOf(paymentMethod.number), threeDSecureRequired);
  return paymentMethod.outcome === 'approve' ? { kind: 'authorised' } : { kind: 'declined', error: CASH_APP_DECLINE };
}

/** The card tried, as Stripe's charge describes it, with the expiry it was given; null for Cash App. */
function cardOf(paymentMethod: FormPaymentMethod) {
  if (paymentMethod.type !== 'card') return null;
  const expYear = paymentMethod.expYear < 100 ? 2000 + paymentMethod.expYear : paymentMethod.expYear;
  return { ...cardFactsOf(digitsOf(paymentMethod.number), SANDBOX_FINGERPRINT_KEY), expMonth: paymentMethod.expMonth, expYear };
}

/** What Stripe's charge would say of the card (`payment_method_details.card`): its brand and last four digits. */
function cardShownOf(paymentMethod: FormPaymentMethod) {
  if (paymentMethod.type !== 'card') return { cardBrand: null, cardLast4: null };
  const digits = digitsOf(paymentMethod.number);
  return { cardBrand: cardBrandOf(digits), cardLast4: digits.slice(-4) };
}

/** The intent after an attempt; a declined one forgets its payment method, as Stripe's does. */
function intentChangesFor(outcome: TestCardOutcome, paymentMethod: FormPaymentMethod) {
  const paymentMethodType = paymentMethod.type;
  switch (outcome.kind) {
    case 'authorised':
      return {
        status: 'requires_capture',
        paymentMethodType,
        ...cardShownOf(paymentMethod),
        lastPaymentError: null,
        refundFailureReason: outcome.refundFailureReason ?? null,
        disputeReason: outcome.disputeReason ?? null,
        challengeOutcome: null,
        threeDSecureResult: null,
      };
    case 'declined':
      return {
        status: 'requires_payment_method',
        paymentMethodType: null,
        cardBrand: null,
        cardLast4: null,
        lastPaymentError: outcome.error,
        challengeOutcome: null,
        threeDSecureResult: null,
      };
    case 'challenge':
      return {
        status: 'requires_action',
        paymentMethodType,
        lastPaymentError: null,
        challengeOutcome: outcome.afterChallenge,
        threeDSecureResult: null,
      };
  }
}

function browserView(intent: SandboxPaymentIntentRow): BrowserPaymentIntent {
  return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency };
}

function sameSecret(expected: string, given: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8');
  const givenBytes = Buffer.from(given, 'utf8');
  return expectedBytes.length === givenBytes.length && timingSafeEqual(expectedBytes, givenBytes);
}

function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/ /g, '');
}

function cardError(code: string, message: string): PaymentErrorDetail {
  return { type: 'card_error', code, message };
}

/** What Stripe refuses before any authorisation: a number, expiry or security code that cannot be a card's. */
function cardDetailsError(card: CardDetails, now: Date): PaymentErrorDetail | null {
  const number = digitsOf(card.number);
  const isAmex = isAmericanExpress(number);
  const lengthFits = isAmex ? number.length === 15 : number.length >= 13 && number.length <= 19;
  if (!/^\d+$/.test(number) || !lengthFits || !passesLuhnCheck(number)) {
    return cardError('invalid_number', 'Your card number is incorrect.');
  }
  if (card.expMonth < 1 || card.expMonth > 12) return cardError('invalid_expiry_month', "Your card's expiration month is invalid.");
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const currentYear = now.getUTCFullYear();
  if (year < currentYear) return cardError('invalid_expiry_year', "Your card's expiration year is in the past.");
  if (year === currentYear && card.expMonth < now.getUTCMonth() + 1) {
    return cardError('invalid_expiry_year', "Your card's expiration date is in the past.");
  }
  if (year > currentYear + MAX_YEARS_AHEAD) return cardError('invalid_expiry_year', "Your card's expiration year is invalid.");
  if (!(isAmex ? /^\d{4}$/ : /^\d{3}$/).test(card.cvc)) return cardError('incorrect_cvc', "Your card's security code is invalid.");
  return null;
}
