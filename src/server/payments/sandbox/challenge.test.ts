import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { rejectionOf } from '../../testing/rejections';
import { type Payment, type PaymentProvider, PaymentProviderError } from '../provider';
import { answerSandboxChallenge, returnPathAfterChallenge, sandboxChallengePath } from './challenge';
import { confirmSandboxPaymentIntent } from './confirm';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';
import { AUTHENTICATION_FAILED } from './test-cards';

const NOW = new Date('2026-11-22T10:00:00Z');
const card = (number: string) => ({ type: 'card' as const, number, expMonth: 12, expYear: 2030, cvc: '123' });

describe.each(TEST_DATABASE_KINDS)("the sandbox's 3-D Secure challenge on %s", (kind) => {
  let database: TestDatabase;
  let provider: PaymentProvider;
  let keyCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    provider = createSandboxPaymentProvider(database.db, { webhookSecret: 'whsec_test', now: () => NOW });
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  const newIntent = (threeDSecure?: 'required') =>
    provider.createPayment({
      amountCents: 1063,
      currency: 'usd',
      receiptEmail: null,
      metadata: { orderId: 'order-1', userId: 'user-1' },
      idempotencyKey: `challenge-key-${++keyCounter}`,
      ...(threeDSecure ? { threeDSecure } : {}),
    });
  const confirm = (intent: Payment, number: string) =>
    confirmSandboxPaymentIntent(database.db, intent.id, { clientSecret: intent.clientSecret!, paymentMethod: card(number) }, NOW);
  const answer = (intent: Payment, given: 'complete' | 'fail') => answerSandboxChallenge(database.db, intent.id, intent.clientSecret!, given, NOW);

  it.each(['4000002760003184', '4000000000003220', '4000008400001629', '4000002500003155'])(
    '%s asks for authentication: the intent waits in requires_action and the answer names the challenge page',
    async (number) => {
      const intent = await newIntent();
      expect(await confirm(intent, number)).toEqual({
        paymentIntent: {
          id: intent.id,
          status: 'requires_action',
          amount: 1063,
          currency: 'usd',
          next_action: { type: 'redirect_to_url', redirect_to_url: { url: sandboxChallengePath(intent.id, intent.clientSecret!) } },
        },
      });
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'needs_action', threeDSecure: null, lastPaymentError: null });
    },
  );

  it.each(['4000002760003184', '4000000000003220', '4000002500003155'])(
    '%s completed: authorised, authenticated, and the payer returns to /payment-complete as succeeded',
    async (number) => {
      const intent = await newIntent();
      await confirm(intent, number);
      const after = await answer(intent, 'complete');
      expect(after).toMatchObject({ status: 'requires_capture', threeDSecureResult: 'authenticated', challengeOutcome: null });
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'authorised', threeDSecure: 'authenticated' });
      expect(returnPathAfterChallenge(after)).toBe(
        `/payment-complete?payment_intent=${intent.id}&payment_intent_client_secret=${intent.clientSecret}&redirect_status=succeeded`,
      );
    },
  );

  it('a failed authentication is refused as Stripe refuses it, and the intent takes another card', async () => {
    const intent = await newIntent();
    await confirm(intent, '4000002760003184');
    const after = await answer(intent, 'fail');
    expect(await provider.getPayment(intent.id)).toMatchObject({
      status: 'needs_payment_method',
      threeDSecure: 'failed',
      lastPaymentError: AUTHENTICATION_FAILED,
    });
    expect(returnPathAfterChallenge(after)).toContain('redirect_status=failed');
    expect(await confirm(intent, '4242424242424242')).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'authorised', threeDSecure: null });
  });

  it('4000 0084 0000 1629 is declined after a completed authentication', async () => {
    const intent = await newIntent();
    await confirm(intent, '4000008400001629');
    const after = await answer(intent, 'complete');
    expect(await provider.getPayment(intent.id)).toMatchObject({
      status: 'needs_payment_method',
      threeDSecure: 'authenticated',
      lastPaymentError: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(returnPathAfterChallenge(after)).toContain('redirect_status=failed');
  });

  it('the first answer stands: a second one (another tab, a second click) changes nothing', async () => {
    const intent = await newIntent();
    await confirm(intent, '4000000000003220');
    await answer(intent, 'complete');
    expect(await answer(intent, 'fail')).toMatchObject({ status: 'requires_capture', threeDSecureResult: 'authenticated' });
  });

  it('a wrong client secret is answered like an unknown intent', async () => {
    const intent = await newIntent();
    await confirm(intent, '4000002760003184');
    const refusal = await rejectionOf(answerSandboxChallenge(database.db, intent.id, 'pi_guess_secret', 'complete', NOW), PaymentProviderError);
    expect(refusal).toMatchObject({ status: 404, code: 'resource_missing' });
    expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'needs_action' });
  });

  describe('a payment created with 3-D Secure required', () => {
    it('challenges 4000 0000 0000 3055, which is authorised without a challenge otherwise', async () => {
      const plain = await newIntent();
      expect(await confirm(plain, '4000000000003055')).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
      const required = await newIntent('required');
      expect(await confirm(required, '4000000000003055')).toMatchObject({ paymentIntent: { status: 'requires_action' } });
    });

    it('challenges any other card that supports 3-D Secure', async () => {
      const required = await newIntent('required');
      expect(await confirm(required, '5555555555554444')).toMatchObject({ paymentIntent: { status: 'requires_action' } });
      await answer(required, 'complete');
      expect(await provider.getPayment(required.id)).toMatchObject({ status: 'authorised', threeDSecure: 'authenticated' });
    });

    it('lets 4242 4242 4242 4242, which cannot run 3-D Secure, through unauthenticated, as Stripe does', async () => {
      const required = await newIntent('required');
      expect(await confirm(required, '4242424242424242')).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
      expect(await provider.getPayment(required.id)).toMatchObject({ status: 'authorised', threeDSecure: null });
    });

    it('declines a declining card without a challenge', async () => {
      const required = await newIntent('required');
      expect(await confirm(required, '4000000000000002')).toMatchObject({ error: { code: 'card_declined' } });
    });

    it('is another payment than one without it: the same idempotency key with 3-D Secure required is refused', async () => {
      const request = {
        amountCents: 1063,
        currency: 'usd' as const,
        receiptEmail: null,
        metadata: { orderId: 'order-1', userId: 'user-1' },
        idempotencyKey: 'challenge-same-key',
      };
      await provider.createPayment(request);
      const refusal = await rejectionOf(provider.createPayment({ ...request, threeDSecure: 'required' }), PaymentProviderError);
      expect(refusal).toMatchObject({ type: 'idempotency_error' });
    });
  });
});
