import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxPaymentIntents } from '../../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { type Payment, type PaymentProvider, PaymentProviderError } from '../provider';
import { confirmSandboxPaymentIntent, type SandboxConfirmRequest } from './confirm';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';
import { CASH_APP_DECLINE, TEST_CARDS } from './test-cards';
import { rejectionOf } from '../../testing/rejections';

const NOW = new Date('2026-11-22T10:00:00Z');

type Card = Extract<SandboxConfirmRequest['paymentMethod'], { type: 'card' }>;
const card = (number: string, overrides: Partial<Card> = {}): Card => ({
  type: 'card',
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, PaymentProviderError);

describe.each(TEST_DATABASE_KINDS)('confirming sandbox payment intents on %s', (kind) => {
  let database: TestDatabase;
  let provider: PaymentProvider;
  let keyCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    provider = createSandboxPaymentProvider(database.db, { webhookSecret: 'whsec_test', now: () => NOW });
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  const newIntent = () =>
    provider.createPayment({
      amountCents: 1063,
      currency: 'usd',
      receiptEmail: null,
      metadata: { orderId: 'order-1', userId: 'user-1' },
      idempotencyKey: `order-key-${++keyCounter}`,
    });

  const confirm = (intent: Payment, paymentMethod: SandboxConfirmRequest['paymentMethod'], extra: Partial<SandboxConfirmRequest> = {}) =>
    confirmSandboxPaymentIntent(database.db, intent.id, { clientSecret: intent.clientSecret!, paymentMethod, ...extra }, NOW);

  const storedRow = async (intent: Payment) => {
    const [row] = await database.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intent.id));
    return row!;
  };

  describe("Stripe's test cards", () => {
    it('authorises 4242 4242 4242 4242: the intent waits for capture', async () => {
      const intent = await newIntent();
      expect(await confirm(intent, card('4242424242424242'), { receiptEmail: 'amina@example.com' })).toEqual({
        paymentIntent: { id: intent.id, status: 'requires_capture', amount: 1063, currency: 'usd' },
      });
      expect(await storedRow(intent)).toMatchObject({
        status: 'requires_capture',
        paymentMethodType: 'card',
        lastPaymentError: null,
        receiptEmail: 'amina@example.com',
      });
    });

    it.each([
      ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
      ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
      ['4000000000000069', 'expired_card', 'expired_card', 'Your card has expired.'],
      ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
      ['4000000000000119', 'processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'],
    ])('declines %s with code %s and decline_code %s, and the intent takes another card', async (number, code, declineCode, message) => {
      const intent = await newIntent();
      const error = { type: 'card_error', code, decline_code: declineCode, message };
      expect(await confirm(intent, card(number))).toEqual({ error });
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'needs_payment_method', lastPaymentError: error });
      expect(await confirm(intent, card('4242424242424242'))).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'authorised', lastPaymentError: null });
    });

    it('answers every card of the shared table as the table says', async () => {
      for (const testCard of TEST_CARDS) {
        const intent = await newIntent();
        const answer = await confirm(intent, card(testCard.number));
        const { outcome } = testCard;
        expect(answer).toEqual(
          outcome.kind === 'declined'
            ? { error: outcome.error }
            : outcome.kind === 'challenge' && !outcome.onlyWhenRequested
              ? { paymentIntent: expect.objectContaining({ status: 'requires_action' }) }
              : { paymentIntent: expect.objectContaining({ status: 'requires_capture' }) },
        );
      }
    });

    it.each([
      ['a Mastercard number', '5555555555554444', '123'],
      ['an American Express number with a 4-digit code', '378282246310005', '1234'],
      ['a number typed with spaces', '4242 4242 4242 4242', '123'],
      ['a Visa test number not in the table', '4000056655665556', '123'],
    ])('authorises %s that passes the Luhn check', async (_label, number, cvc) => {
      const intent = await newIntent();
      expect(await confirm(intent, card(number, { cvc }))).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    });
  });

  describe('card details Stripe refuses before authorising', () => {
    it.each([
      ['a bad Luhn check digit', card('4242424242424241'), 'invalid_number', 'Your card number is incorrect.'],
      ['a number with dashes', card('4242-4242-4242-4242'), 'invalid_number', 'Your card number is incorrect.'],
      ['a number that is too short', card('424242424242'), 'invalid_number', 'Your card number is incorrect.'],
      ['a 16-digit American Express number', card('3782822463100052', { cvc: '1234' }), 'invalid_number', 'Your card number is incorrect.'],
      ['an empty number', card(''), 'invalid_number', 'Your card number is incorrect.'],
      ['month 0', card('4242424242424242', { expMonth: 0 }), 'invalid_expiry_month', "Your card's expiration month is invalid."],
      ['month 13', card('4242424242424242', { expMonth: 13 }), 'invalid_expiry_month', "Your card's expiration month is invalid."],
      ['last year', card('4242424242424242', { expYear: 2025 }), 'invalid_expiry_year', "Your card's expiration year is in the past."],
      [
        'last month of this year',
        card('4242424242424242', { expYear: 2026, expMonth: 10 }),
        'invalid_expiry_year',
        "Your card's expiration date is in the past.",
      ],
      ['a year too far ahead', card('4242424242424242', { expYear: 2077 }), 'invalid_expiry_year', "Your card's expiration year is invalid."],
      ['a 2-digit code', card('4242424242424242', { cvc: '12' }), 'incorrect_cvc', "Your card's security code is invalid."],
      ['a 4-digit code on a Visa card', card('4242424242424242', { cvc: '1234' }), 'incorrect_cvc', "Your card's security code is invalid."],
      [
        'a 3-digit code on an American Express card',
        card('378282246310005', { cvc: '123' }),
        'incorrect_cvc',
        "Your card's security code is invalid.",
      ],
      ['letters as the code', card('4242424242424242', { cvc: 'abc' }), 'incorrect_cvc', "Your card's security code is invalid."],
    ])('refuses %s without touching the intent', async (_label, paymentMethod, code, message) => {
      const intent = await newIntent();
      expect(await confirm(intent, paymentMethod)).toEqual({ error: { type: 'card_error', code, message } });
      expect(await provider.getPayment(intent.id)).toEqual(intent);
    });

    it.each([
      ['this month', { expYear: 2026, expMonth: 11 }],
      ['a 2-digit year', { expYear: 30, expMonth: 1 }],
    ])('accepts a card that expires %s', async (_label, expiry) => {
      const intent = await newIntent();
      expect(await confirm(intent, card('4242424242424242', expiry))).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    });
  });

  describe('what the payment says it was paid with', () => {
    it('the brand and last four of the card that authorised, as Stripe reports them; nothing after a decline', async () => {
      const mastercard = await newIntent();
      await confirm(mastercard, card('5555555555554444'));
      expect((await provider.getPayment(mastercard.id)).method).toEqual({ type: 'card', brand: 'mastercard', last4: '4444' });

      const amex = await newIntent();
      await confirm(amex, card('378282246310005', { cvc: '1234' }));
      expect((await provider.getPayment(amex.id)).method).toEqual({ type: 'card', brand: 'amex', last4: '0005' });

      const declined = await newIntent();
      await confirm(declined, card('4000000000000002'));
      expect((await provider.getPayment(declined.id)).method).toBeNull();
      expect(await storedRow(declined)).toMatchObject({ cardBrand: null, cardLast4: null });
    });
  });

  describe('Cash App Pay', () => {
    it('authorises an approved Cash App payment', async () => {
      const intent = await newIntent();
      expect(await confirm(intent, { type: 'cashapp', outcome: 'approve' })).toEqual({
        paymentIntent: { id: intent.id, status: 'requires_capture', amount: 1063, currency: 'usd' },
      });
      expect(await storedRow(intent)).toMatchObject({ status: 'requires_capture', paymentMethodType: 'cashapp' });
      expect((await provider.getPayment(intent.id)).method).toEqual({ type: 'cashapp', brand: null, last4: null });
    });

    it("answers a declined Cash App payment with Stripe's payment_method_provider_decline", async () => {
      const intent = await newIntent();
      expect(CASH_APP_DECLINE).toEqual({
        type: 'card_error',
        code: 'payment_method_provider_decline',
        message: 'The payment was declined by Cash App.',
      });
      expect(await confirm(intent, { type: 'cashapp', outcome: 'decline' })).toEqual({ error: CASH_APP_DECLINE });
      expect(await storedRow(intent)).toMatchObject({
        status: 'requires_payment_method',
        paymentMethodType: null,
        lastPaymentError: CASH_APP_DECLINE,
      });
    });
  });

  describe('which intents can be confirmed', () => {
    it('answers a wrong client secret exactly like an unknown intent, and changes nothing', async () => {
      const intent = await newIntent();
      const wrongSecret = await providerError(
        confirmSandboxPaymentIntent(
          database.db,
          intent.id,
          { clientSecret: `${intent.id}_secret_guessed`, paymentMethod: card('4242424242424242') },
          NOW,
        ),
      );
      expect(wrongSecret).toMatchObject({
        type: 'invalid_request_error',
        code: 'resource_missing',
        status: 404,
        message: `No such payment_intent: '${intent.id}'`,
      });
      const otherIntent = await newIntent();
      const borrowedSecret = await providerError(
        confirmSandboxPaymentIntent(
          database.db,
          intent.id,
          { clientSecret: otherIntent.clientSecret!, paymentMethod: card('4242424242424242') },
          NOW,
        ),
      );
      expect(borrowedSecret.message).toBe(wrongSecret.message);
      const unknown = await providerError(
        confirmSandboxPaymentIntent(
          database.db,
          'pi_sandbox_unknown',
          { clientSecret: intent.clientSecret!, paymentMethod: card('4242424242424242') },
          NOW,
        ),
      );
      expect(unknown).toMatchObject({ code: 'resource_missing', status: 404 });
      expect(await provider.getPayment(intent.id)).toEqual(intent);
    });

    it('answers a second confirm of an authorised intent with the intent unchanged, whatever the card', async () => {
      const intent = await newIntent();
      const first = await confirm(intent, card('4242424242424242'));
      expect(await confirm(intent, card('4000000000000002'))).toEqual(first);
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'authorised', lastPaymentError: null });
    });

    it('authorises once when two confirms race', async () => {
      const intent = await newIntent();
      const answers = await Promise.all([confirm(intent, card('4242424242424242')), confirm(intent, { type: 'cashapp', outcome: 'approve' })]);
      for (const answer of answers) expect(answer).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
      expect(['card', 'cashapp']).toContain((await storedRow(intent)).paymentMethodType);
    });

    it.each([
      [
        'canceled',
        'released',
        async (intent: Payment) => provider.releasePayment(intent.id, { idempotencyKey: `cancel-${intent.id}`, reason: 'abandoned' }),
      ],
      [
        'succeeded',
        'captured',
        async (intent: Payment) => {
          await confirm(intent, card('4242424242424242'));
          return provider.capturePayment(intent.id, { idempotencyKey: `capture-${intent.id}` });
        },
      ],
    ])('refuses to confirm a %s intent with 400 payment_intent_unexpected_state', async (status, paymentStatus, finish) => {
      const intent = await newIntent();
      await finish(intent);
      const error = await providerError(confirm(intent, card('4242424242424242')));
      expect(error).toMatchObject({ code: 'payment_intent_unexpected_state', status: 400, paymentStatus });
      expect(error.message).toBe(
        `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_payment_method, requires_confirmation, requires_action.`,
      );
    });
  });
});
