import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentProviderContract } from '../../../../tests/contracts/payment-provider';
import {
  API_ERROR_FAULT,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripe,
  INSUFFICIENT_FUNDS_ERROR,
  RATE_LIMIT_FAULT,
  signWebhook,
  stripeEvent,
  type StripeFault,
} from '../../../../tests/fakes/stripe';
import { rejectionOf, thrownBy } from '../../testing/rejections';
import { PaymentProviderError, type CreatePaymentRequest } from '../provider';
import { createStripePaymentProvider, type StripeProviderOptions } from './stripe-provider';

const ORDER_PAYMENT: CreatePaymentRequest = {
  amountCents: 1250,
  currency: 'usd',
  receiptEmail: 'sender@example.com',
  metadata: { orderId: 'order-1', userId: 'user-1' },
  idempotencyKey: 'order-1:create-payment-intent',
};

const fake = new FakeStripe();
let address: { host: string; port: number };

function provider(overrides: Partial<StripeProviderOptions> = {}) {
  return createStripePaymentProvider({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    ...address,
    protocol: 'http',
    timeoutMs: 2_000,
    // The SDK's own retries would hide the first answer from these tests.
    maxNetworkRetries: 0,
    ...overrides,
  });
}

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, PaymentProviderError);
const verifyError = (verify: () => unknown) => thrownBy(verify, PaymentProviderError);

beforeAll(async () => {
  address = await fake.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('Stripe adapter over the local Stripe', () => {
  paymentProviderContract(() => ({
    provider: provider(),
    authorise: async (intent) => void fake.authorise(intent.id),
    declineForInsufficientFunds: async (intent) => void fake.declinePayment(intent.id, INSUFFICIENT_FUNDS_ERROR),
    async authoriseWithFailingRefunds(intent) {
      fake.authorise(intent.id);
      fake.failRefundsOf(intent.id);
    },
    chargeIdOf: async (intent) => fake.intent(intent.id).latest_charge!,
    intentCount: async () => fake.intentCount,
    signWebhook: (payload, { secret = FAKE_STRIPE_WEBHOOK_SECRET, ageSeconds = 0 } = {}) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - ageSeconds }),
  }));
});

describe('Stripe provider settings', () => {
  it('hands the browser the publishable key and is in test mode only for a pk_test_ key', () => {
    const testProvider = provider();
    expect(testProvider).toMatchObject({ kind: 'stripe', publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY, testMode: true });
    expect(provider({ publishableKey: 'pk_live_51Example' }).testMode).toBe(false);
  });
});

describe('what the adapter asks of Stripe', () => {
  it('creates a manual-capture USD intent for card and Cash App with the order metadata and idempotency key', async () => {
    await provider().createPayment(ORDER_PAYMENT);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'order-1:create-payment-intent' });
    expect(request!.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_SECRET_KEY}`);
    expect(request!.body).toEqual({
      amount: '1250',
      currency: 'usd',
      capture_method: 'manual',
      allowed_payment_method_types: ['card', 'cashapp'],
      receipt_email: 'sender@example.com',
      metadata: { orderId: 'order-1', userId: 'user-1' },
    });
  });

  it('asks for 3-D Secure on every card that supports it when the payment requires it', async () => {
    await provider().createPayment({ ...ORDER_PAYMENT, threeDSecure: 'required' });

    expect(fake.requests[0]!.body).toMatchObject({ payment_method_options: { card: { request_three_d_secure: 'any' } } });
  });

  it('asks for no 3-D Secure of its own by default', async () => {
    await provider().createPayment(ORDER_PAYMENT);

    expect(fake.requests[0]!.body).not.toHaveProperty('payment_method_options');
  });

  it("reads how 3-D Secure ended from the intent's charge: authenticated, or null for a card never asked", async () => {
    const stripe = provider();
    const authenticated = await stripe.createPayment(ORDER_PAYMENT);
    fake.authorise(authenticated.id, { threeDSecure: 'authenticated' });
    const plain = await stripe.createPayment({ ...ORDER_PAYMENT, idempotencyKey: 'order-2:create-payment-intent' });
    fake.authorise(plain.id);

    expect(await stripe.getPayment(authenticated.id)).toMatchObject({ status: 'authorised', threeDSecure: 'authenticated' });
    expect(await stripe.getPayment(plain.id)).toMatchObject({ status: 'authorised', threeDSecure: null });
  });

  it('reads the payment method from the latest charge (expanded): a card’s brand and last four, or the wallet', async () => {
    const stripe = provider();
    const card = await stripe.createPayment(ORDER_PAYMENT);
    fake.authorise(card.id, { paidWith: { type: 'card', card: { brand: 'mastercard', last4: '4444', funding: 'credit', country: 'US' } } });
    expect((await stripe.getPayment(card.id)).method).toEqual({ type: 'card', brand: 'mastercard', last4: '4444' });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${card.id}` });

    const cashApp = await stripe.createPayment({ ...ORDER_PAYMENT, idempotencyKey: 'order-2:create-payment-intent' });
    fake.authorise(cashApp.id, { paidWith: { type: 'cashapp', cashapp: { buyer_id: 'cus_1', cashtag: '$amina' } } });
    expect((await stripe.getPayment(cashApp.id)).method).toEqual({ type: 'cashapp', brand: null, last4: null });
  });

  it('sends no receipt_email when the order has none', async () => {
    await provider().createPayment({ ...ORDER_PAYMENT, receiptEmail: null });

    expect(fake.requests[0]!.body).not.toHaveProperty('receipt_email');
  });

  it('captures an authorised intent with the capture idempotency key', async () => {
    const stripe = provider();
    const created = await stripe.createPayment(ORDER_PAYMENT);
    fake.authorise(created.id);

    await stripe.capturePayment(created.id, { idempotencyKey: 'order-1:capture' });

    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${created.id}/capture`,
      idempotencyKey: 'order-1:capture',
    });
  });

  it('refunds a captured intent with POST /v1/refunds: the intent, the amount, the reason, the order and the refund key', async () => {
    const stripe = provider();
    const created = await stripe.createPayment(ORDER_PAYMENT);
    fake.authorise(created.id);
    await stripe.capturePayment(created.id, { idempotencyKey: 'order-1:capture' });

    const refund = await stripe.refundPayment(created.id, {
      amountCents: 1250,
      reason: 'requested_by_customer',
      metadata: { orderId: 'order-1' },
      idempotencyKey: 'refund-order-1-0',
    });

    expect(refund).toMatchObject({ paymentId: created.id, amount: 1250, status: 'succeeded' });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: 'refund-order-1-0',
      body: { payment_intent: created.id, amount: '1250', reason: 'requested_by_customer', metadata: { orderId: 'order-1' } },
    });
  });

  it('cancels an authorised intent with the reason and the cancel idempotency key, releasing the hold', async () => {
    const stripe = provider();
    const created = await stripe.createPayment(ORDER_PAYMENT);
    fake.authorise(created.id);

    const canceled = await stripe.releasePayment(created.id, { idempotencyKey: 'order-1:cancel', reason: 'abandoned' });

    expect(canceled).toMatchObject({ id: created.id, status: 'released', releaseReason: 'abandoned', amountCaptured: 0 });
    expect(fake.intent(created.id).amount_capturable).toBe(0);
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v1/payment_intents/${created.id}/cancel`,
      idempotencyKey: 'order-1:cancel',
      body: { cancellation_reason: 'abandoned' },
    });
  });

  it('cancels for failed_invoice with abandoned, since Stripe refuses failed_invoice as a cancellation reason', async () => {
    const stripe = provider();
    const created = await stripe.createPayment(ORDER_PAYMENT);

    const canceled = await stripe.releasePayment(created.id, { idempotencyKey: 'order-1:cancel', reason: 'failed_invoice' });

    expect(canceled).toMatchObject({ status: 'released', releaseReason: 'abandoned' });
    expect(fake.requests.at(-1)!.body).toEqual({ cancellation_reason: 'abandoned', expand: ['latest_charge'] });
  });

  it('reads an authorisation that lapsed as canceled with the reason expired', async () => {
    const stripe = provider();
    const created = await stripe.createPayment(ORDER_PAYMENT);
    fake.authorise(created.id);
    fake.expireAuthorisation(created.id);

    expect(await stripe.getPayment(created.id)).toMatchObject({ status: 'released', releaseReason: 'expired' });
  });
});

describe('Stripe failures', () => {
  it.each<[string, StripeFault, { type: string; code?: string; status: number }]>([
    ['a 500', API_ERROR_FAULT, { type: 'api_error', status: 500 }],
    ['a 429', RATE_LIMIT_FAULT, { type: 'rate_limit_error', code: 'rate_limit', status: 429 }],
  ])('%s is a retryable error of its type', async (_name, fault, expected) => {
    fake.failNext(fault);

    const error = await providerError(provider().createPayment(ORDER_PAYMENT));

    expect(error).toMatchObject({ ...expected, retryable: true });
  });

  it('Stripe replays a 500 for the same idempotency key, as it replays every first result', async () => {
    const stripe = provider();
    fake.failNext(API_ERROR_FAULT);
    await providerError(stripe.createPayment(ORDER_PAYMENT));

    const replayed = await providerError(stripe.createPayment(ORDER_PAYMENT));

    expect(replayed).toMatchObject({ type: 'api_error', status: 500 });
    expect(fake.intentCount).toBe(0);
  });

  it('no answer within the timeout is a retryable api_connection_error', async () => {
    fake.failNext({ kind: 'hang' });

    const error = await providerError(provider({ timeoutMs: 200 }).createPayment(ORDER_PAYMENT));

    expect(error).toMatchObject({ type: 'api_connection_error', status: 502, retryable: true });
    expect(error.message).toMatch(/timeout/);
  });

  it('a severed connection is a retryable api_connection_error after the one resend the SDK makes with the same key', async () => {
    fake.failNext({ kind: 'close' }, 2);

    const error = await providerError(provider().capturePayment('pi_any', { idempotencyKey: 'order-1:capture' }));

    expect(error).toMatchObject({ type: 'api_connection_error', status: 502, retryable: true });
    expect(fake.requests.map((request) => request.idempotencyKey)).toEqual(['order-1:capture', 'order-1:capture']);
  });

  it('a 402 card error keeps its type, code and decline code', async () => {
    fake.failNext({ kind: 'error', status: 402, error: INSUFFICIENT_FUNDS_ERROR });

    const error = await providerError(provider().createPayment(ORDER_PAYMENT));

    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      status: 402,
      retryable: false,
    });
    expect(error.toDetail()).toEqual({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('a wrong secret key is an authentication_error', async () => {
    const error = await providerError(provider({ secretKey: 'sk_test_wrong' }).getPayment('pi_any'));

    expect(error).toMatchObject({ type: 'authentication_error', status: 401, retryable: false });
  });
});

describe('Stripe webhooks', () => {
  const intent = {
    id: 'pi_3WebhookIntent',
    object: 'payment_intent',
    amount: 1250,
    currency: 'usd',
    status: 'requires_capture',
    metadata: { orderId: 'order-1', userId: 'user-1' },
  };

  it.each([
    [
      'a tampered body',
      () => {
        const { rawBody, signature } = signWebhook(stripeEvent('payment_intent.succeeded', intent));
        return { rawBody: Buffer.from(rawBody.toString('utf8').replace('1250', '1')), signature };
      },
      /does not verify/,
    ],
    [
      'a signature made with another secret',
      () => signWebhook(stripeEvent('payment_intent.succeeded', intent), 'whsec_another_secret'),
      /does not verify/,
    ],
    [
      'a missing Stripe-Signature header',
      () => ({ rawBody: signWebhook(stripeEvent('payment_intent.succeeded', intent)).rawBody, signature: undefined }),
      /header is missing/,
    ],
    [
      'a signature older than 300 seconds',
      () => signWebhook(stripeEvent('payment_intent.succeeded', intent), FAKE_STRIPE_WEBHOOK_SECRET, Date.now() / 1000 - 301),
      /Timestamp outside the tolerance zone/,
    ],
  ])('says why it refuses %s', (_name, makeDelivery, message) => {
    const { rawBody, signature } = makeDelivery();

    const error = verifyError(() => provider().verifyWebhookEvent(rawBody, signature));

    expect(error.message).toMatch(message);
  });

  it('refuses every event when no webhook secret is configured', () => {
    const { rawBody, signature } = signWebhook(stripeEvent('payment_intent.succeeded', intent));

    const error = verifyError(() => provider({ webhookSecret: undefined }).verifyWebhookEvent(rawBody, signature));

    expect(error).toMatchObject({ code: 'webhook_signature_invalid', status: 400 });
    expect(error.message).toMatch(/STRIPE_WEBHOOK_SECRET is not set/);
  });
});
