import { count } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxPaymentIntents } from '../../db/schema';
import { paymentProviderContract } from '../../../../tests/contracts/payment-provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { rejectionOf, thrownBy } from '../../testing/rejections';
import { type Payment, type PaymentProvider, PaymentProviderError } from '../provider';
import { confirmSandboxPaymentIntent } from './confirm';
import { createSandboxPaymentProvider, signSandboxWebhook } from './sandbox-payment-provider';

const WEBHOOK_SECRET = 'whsec_test_secret';
const NOW = new Date('2026-11-22T10:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const GOOD_CARD = '4242424242424242';
const INSUFFICIENT_FUNDS_CARD = '4000000000009995';
const FAILING_REFUNDS_CARD = '4000000000005126';

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, PaymentProviderError);

describe.each(TEST_DATABASE_KINDS)('sandbox payment provider on %s', (kind) => {
  let database: TestDatabase;
  let provider: PaymentProvider;
  let keyCounter = 0;

  /** The sandbox card form's confirmation, as the browser posts it. */
  async function confirmWith(intent: Payment, number: string) {
    const paymentMethod = { type: 'card', number, expMonth: 12, expYear: 2030, cvc: '123' } as const;
    return confirmSandboxPaymentIntent(database.db, intent.id, { clientSecret: intent.clientSecret!, paymentMethod }, NOW);
  }

  const newIntent = () =>
    provider.createPayment({
      amountCents: 1063,
      currency: 'usd',
      receiptEmail: 'amina@example.com',
      metadata: { orderId: 'order-1', userId: 'user-1' },
      idempotencyKey: `order-key-${++keyCounter}`,
    });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    provider = createSandboxPaymentProvider(database.db, { webhookSecret: WEBHOOK_SECRET, now: () => NOW });
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  paymentProviderContract(() => ({
    provider,
    async authorise(intent) {
      expect(await confirmWith(intent, GOOD_CARD)).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    },
    async declineForInsufficientFunds(intent) {
      expect(await confirmWith(intent, INSUFFICIENT_FUNDS_CARD)).toMatchObject({ error: { decline_code: 'insufficient_funds' } });
    },
    async authoriseWithFailingRefunds(intent) {
      expect(await confirmWith(intent, FAILING_REFUNDS_CARD)).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    },
    chargeIdOf: async (intent) => intent.id.replace(/^pi_sandbox_/, 'ch_sandbox_'),
    async intentCount() {
      const [rows] = await database.db.select({ value: count() }).from(sandboxPaymentIntents);
      return rows!.value;
    },
    signWebhook: (payload, { secret = WEBHOOK_SECRET, ageSeconds = 0 } = {}) => signSandboxWebhook(payload, secret, NOW_SECONDS - ageSeconds),
  }));

  describe('in the sandbox', () => {
    it('hands the browser no publishable key, is always in test mode, and names intents pi_sandbox_…', async () => {
      expect(provider).toMatchObject({ kind: 'sandbox', publishableKey: null, testMode: true });
      expect((await newIntent()).id).toMatch(/^pi_sandbox_[A-Za-z0-9]{24}$/);
    });

    it('answers a second cancel of a canceled intent with the canceled intent, whatever its key', async () => {
      const intent = await newIntent();
      const canceled = await provider.releasePayment(intent.id, { idempotencyKey: `cancel-${intent.id}`, reason: 'abandoned' });
      expect(await provider.releasePayment(intent.id, { idempotencyKey: 'another-cancel', reason: 'duplicate' })).toEqual(canceled);
    });

    it('does not replay a refused capture: the same key captures once the intent is authorised', async () => {
      const intent = await newIntent();
      const key = `capture-${intent.id}`;
      await providerError(provider.capturePayment(intent.id, { idempotencyKey: key }));
      await confirmWith(intent, GOOD_CARD);
      expect(await provider.capturePayment(intent.id, { idempotencyKey: key })).toMatchObject({ status: 'captured', amountCaptured: 1063 });
    });
  });

  describe('webhook signatures', () => {
    const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });

    it('signs the header as t=<seconds>,v1=<64 hex digits>', () => {
      expect(signSandboxWebhook(event('payment_intent.succeeded', { id: 'pi_sandbox_a' }), WEBHOOK_SECRET, NOW_SECONDS)).toMatch(
        /^t=\d+,v1=[0-9a-f]{64}$/,
      );
    });

    it('accepts a header with several signatures when one matches, as after a secret rotation', () => {
      const payload = event('payment_intent.succeeded', { id: 'pi_sandbox_a' });
      const valid = signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS);
      const stale = signSandboxWebhook(payload, 'whsec_old_secret', NOW_SECONDS).split(',')[1];
      expect(provider.verifyWebhookEvent(Buffer.from(payload), `${valid.split(',')[0]},${stale},${valid.split(',')[1]}`).paymentId).toBe(
        'pi_sandbox_a',
      );
    });

    it.each([
      [
        'a tampered body',
        (payload: string) => ({
          body: payload.replace('pi_sandbox_a', 'pi_sandbox_z'),
          header: signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS),
        }),
        'No signatures found matching the expected signature for payload',
      ],
      [
        'another secret',
        (payload: string) => ({ body: payload, header: signSandboxWebhook(payload, 'whsec_wrong', NOW_SECONDS) }),
        'No signatures found matching the expected signature for payload',
      ],
      [
        'a signature older than 300 s',
        (payload: string) => ({ body: payload, header: signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS - 301) }),
        'Timestamp outside the tolerance zone',
      ],
      ['no header', (payload: string) => ({ body: payload, header: undefined }), 'Unable to extract timestamp and signatures from header'],
      [
        'a header without a v1 signature',
        (payload: string) => ({ body: payload, header: `t=${NOW_SECONDS},v0=abc` }),
        'Unable to extract timestamp and signatures from header',
      ],
    ])('refuses %s with 400 webhook_signature_invalid and the Stripe SDK message', (_label, make, message) => {
      const { body, header } = make(event('payment_intent.succeeded', { id: 'pi_sandbox_a' }));
      const error = thrownBy(() => provider.verifyWebhookEvent(Buffer.from(body), header), PaymentProviderError);
      expect(error).toMatchObject({ code: 'webhook_signature_invalid', status: 400, retryable: false, message });
    });

    it('accepts a signature made exactly 300 s ago', () => {
      const payload = event('payment_intent.succeeded', { id: 'pi_sandbox_a' });
      expect(provider.verifyWebhookEvent(Buffer.from(payload), signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS - 300)).id).toBe('evt_1');
    });

    it('signs and verifies exactly as the Stripe SDK does', () => {
      const stripe = new Stripe('sk_test_sandbox');
      const payload = event('payment_intent.succeeded', { id: 'pi_sandbox_a' });
      const stripeHeader = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: NOW_SECONDS });
      expect(signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS)).toBe(stripeHeader);
      const current = Math.floor(Date.now() / 1000);
      const ours = signSandboxWebhook(payload, WEBHOOK_SECRET, current);
      expect(stripe.webhooks.constructEvent(payload, ours, WEBHOOK_SECRET)).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded' });
    });
  });
});
