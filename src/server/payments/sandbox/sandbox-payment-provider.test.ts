import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxPaymentIntents } from '../../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { type CreatePaymentIntentRequest, type PaymentProvider, PaymentProviderError } from '../provider';
import { confirmSandboxPaymentIntent } from './confirm';
import { createSandboxPaymentProvider, signSandboxWebhook } from './sandbox-payment-provider';
import { rejectionOf } from '../../testing/rejections';

const WEBHOOK_SECRET = 'whsec_test_secret';
const NOW = new Date('2026-11-22T10:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, PaymentProviderError);

function thrownBy(call: () => unknown): PaymentProviderError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentProviderError);
    return error as PaymentProviderError;
  }
  throw new Error('expected the call to throw');
}

describe.each(TEST_DATABASE_KINDS)('sandbox payment provider on %s', (kind) => {
  let database: TestDatabase;
  let provider: PaymentProvider;
  let keyCounter = 0;

  const intentRequest = (overrides: Partial<CreatePaymentIntentRequest> = {}): CreatePaymentIntentRequest => ({
    amountCents: 1063,
    currency: 'usd',
    receiptEmail: 'amina@example.com',
    metadata: { orderId: 'order-1', userId: 'user-1' },
    idempotencyKey: `order-key-${++keyCounter}`,
    ...overrides,
  });

  /** A new intent confirmed with the 4242 card, so it waits for capture. */
  async function authorisedIntent() {
    const intent = await provider.createPaymentIntent(intentRequest());
    const answer = await confirmSandboxPaymentIntent(
      database.db,
      intent.id,
      { clientSecret: intent.clientSecret!, paymentMethod: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
      NOW,
    );
    expect(answer).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
    return intent;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    provider = createSandboxPaymentProvider(database.db, { webhookSecret: WEBHOOK_SECRET, now: () => NOW });
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  describe('creating payment intents', () => {
    it('creates a manual-capture intent awaiting a payment method, as Stripe does', async () => {
      expect(provider).toMatchObject({ kind: 'sandbox', publishableKey: null, testMode: true });
      const intent = await provider.createPaymentIntent(intentRequest());
      expect(intent.id).toMatch(/^pi_sandbox_[A-Za-z0-9]{24}$/);
      expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
      expect(intent).toEqual({
        id: intent.id,
        clientSecret: intent.clientSecret,
        status: 'requires_payment_method',
        amount: 1063,
        currency: 'usd',
        captureMethod: 'manual',
        amountReceived: 0,
        metadata: { orderId: 'order-1', userId: 'user-1' },
        lastPaymentError: null,
        cancellationReason: null,
      });
      expect(await provider.retrievePaymentIntent(intent.id)).toEqual(intent);
    });

    it('answers the first intent again for the same idempotency key and the same parameters', async () => {
      const request = intentRequest();
      const first = await provider.createPaymentIntent(request);
      const second = await provider.createPaymentIntent({ ...request, metadata: { userId: 'user-1', orderId: 'order-1' } });
      expect(second).toEqual(first);
    });

    it.each([
      ['another amount', { amountCents: 2000 }],
      ['another receipt address', { receiptEmail: 'kofi@example.com' }],
      ['other metadata', { metadata: { orderId: 'order-2', userId: 'user-1' } }],
    ])('refuses the same idempotency key with %s with a 400 idempotency_error', async (_label, change) => {
      const request = intentRequest();
      await provider.createPaymentIntent(request);
      const error = await providerError(provider.createPaymentIntent({ ...request, ...change }));
      expect(error).toMatchObject({ type: 'idempotency_error', status: 400, retryable: false });
      expect(error.message).toBe(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
      );
    });

    it('makes one intent from 20 concurrent creates with one key', async () => {
      const request = intentRequest();
      const intents = await Promise.all(Array.from({ length: 20 }, () => provider.createPaymentIntent(request)));
      expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
      const [rows] = await database.db.select({ value: count() }).from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, request.idempotencyKey));
      expect(rows?.value).toBe(1);
    });

    it('refuses an amount below Stripe minimum of 50 cents', async () => {
      const error = await providerError(provider.createPaymentIntent(intentRequest({ amountCents: 49 })));
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_small', status: 400 });
    });

    it('answers 404 resource_missing for an unknown intent', async () => {
      const error = await providerError(provider.retrievePaymentIntent('pi_sandbox_unknown'));
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing', status: 404, message: "No such payment_intent: 'pi_sandbox_unknown'" });
    });
  });

  describe('capturing', () => {
    it('captures an authorised intent in full', async () => {
      const intent = await authorisedIntent();
      const captured = await provider.capturePaymentIntent(intent.id, { idempotencyKey: `capture-${intent.id}` });
      expect(captured).toMatchObject({ id: intent.id, status: 'succeeded', amount: 1063, amountReceived: 1063 });
      expect(await provider.retrievePaymentIntent(intent.id)).toEqual(captured);
    });

    it('replays a capture retried with the same idempotency key, even concurrently', async () => {
      const intent = await authorisedIntent();
      const key = `capture-${intent.id}`;
      const results = await Promise.all(Array.from({ length: 5 }, () => provider.capturePaymentIntent(intent.id, { idempotencyKey: key })));
      for (const result of results) expect(result).toMatchObject({ status: 'succeeded', amountReceived: 1063 });
      expect(await provider.capturePaymentIntent(intent.id, { idempotencyKey: key })).toEqual(results[0]);
    });

    it('refuses a second capture with another key with 400 payment_intent_unexpected_state', async () => {
      const intent = await authorisedIntent();
      await provider.capturePaymentIntent(intent.id, { idempotencyKey: 'first-capture' });
      const error = await providerError(provider.capturePaymentIntent(intent.id, { idempotencyKey: 'second-capture' }));
      expect(error).toMatchObject({ code: 'payment_intent_unexpected_state', status: 400, paymentIntentStatus: 'succeeded' });
      expect(error.message).toBe(
        'This PaymentIntent could not be captured because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
      );
    });

    it('refuses a capture key already used for another intent with an idempotency_error', async () => {
      const first = await authorisedIntent();
      const second = await authorisedIntent();
      await provider.capturePaymentIntent(first.id, { idempotencyKey: 'shared-capture-key' });
      const error = await providerError(provider.capturePaymentIntent(second.id, { idempotencyKey: 'shared-capture-key' }));
      expect(error).toMatchObject({ type: 'idempotency_error', status: 400 });
      expect((await provider.retrievePaymentIntent(second.id)).status).toBe('requires_capture');
    });

    it('captures only from requires_capture', async () => {
      const unpaid = await provider.createPaymentIntent(intentRequest());
      const error = await providerError(provider.capturePaymentIntent(unpaid.id, { idempotencyKey: `capture-${unpaid.id}` }));
      expect(error).toMatchObject({ code: 'payment_intent_unexpected_state', status: 400, paymentIntentStatus: 'requires_payment_method' });
      expect(await provider.retrievePaymentIntent(unpaid.id)).toMatchObject({ status: 'requires_payment_method', amountReceived: 0 });
    });

    it('does not replay a refused capture: the same key captures once the intent is authorised', async () => {
      const intent = await provider.createPaymentIntent(intentRequest());
      const key = `capture-${intent.id}`;
      await providerError(provider.capturePaymentIntent(intent.id, { idempotencyKey: key }));
      await confirmSandboxPaymentIntent(
        database.db,
        intent.id,
        { clientSecret: intent.clientSecret!, paymentMethod: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
        NOW,
      );
      expect(await provider.capturePaymentIntent(intent.id, { idempotencyKey: key })).toMatchObject({ status: 'succeeded', amountReceived: 1063 });
    });

    it('answers 404 for capturing an unknown intent', async () => {
      const error = await providerError(provider.capturePaymentIntent('pi_sandbox_unknown', { idempotencyKey: 'capture-unknown' }));
      expect(error).toMatchObject({ code: 'resource_missing', status: 404 });
    });
  });

  describe('cancelling', () => {
    it.each(['abandoned', 'requested_by_customer'] as const)('cancels an unpaid intent with the reason %s, and a second cancel answers the same', async (reason) => {
      const intent = await provider.createPaymentIntent(intentRequest());
      const canceled = await provider.cancelPaymentIntent(intent.id, { idempotencyKey: `cancel-${intent.id}`, reason });
      expect(canceled).toMatchObject({ status: 'canceled', cancellationReason: reason, amountReceived: 0 });
      expect(await provider.cancelPaymentIntent(intent.id, { idempotencyKey: 'another-cancel', reason: 'duplicate' })).toEqual(canceled);
    });

    it('releases an authorisation, after which it cannot be captured', async () => {
      const intent = await authorisedIntent();
      expect(await provider.cancelPaymentIntent(intent.id, { idempotencyKey: `cancel-${intent.id}`, reason: 'abandoned' })).toMatchObject({ status: 'canceled' });
      const error = await providerError(provider.capturePaymentIntent(intent.id, { idempotencyKey: `capture-${intent.id}` }));
      expect(error).toMatchObject({ code: 'payment_intent_unexpected_state', paymentIntentStatus: 'canceled' });
    });

    it('refuses to cancel a captured intent with Stripe code and message', async () => {
      const intent = await authorisedIntent();
      await provider.capturePaymentIntent(intent.id, { idempotencyKey: `capture-${intent.id}` });
      const error = await providerError(provider.cancelPaymentIntent(intent.id, { idempotencyKey: `cancel-${intent.id}`, reason: 'abandoned' }));
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state', status: 400, paymentIntentStatus: 'succeeded' });
      expect(error.message).toBe(
        'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.',
      );
      expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('succeeded');
    });

    it('lets exactly one of a concurrent capture and cancel win', async () => {
      for (let round = 0; round < 5; round++) {
        const intent = await authorisedIntent();
        const [capture, cancel] = await Promise.allSettled([
          provider.capturePaymentIntent(intent.id, { idempotencyKey: `capture-${intent.id}` }),
          provider.cancelPaymentIntent(intent.id, { idempotencyKey: `cancel-${intent.id}`, reason: 'abandoned' }),
        ]);
        expect([capture.status, cancel.status].filter((status) => status === 'fulfilled')).toHaveLength(1);
        const loser = capture.status === 'rejected' ? capture : cancel.status === 'rejected' ? cancel : undefined;
        expect(loser?.reason).toMatchObject({ code: 'payment_intent_unexpected_state' });
        const final = await provider.retrievePaymentIntent(intent.id);
        expect(final.status).toBe(capture.status === 'fulfilled' ? 'succeeded' : 'canceled');
        expect(final.amountReceived).toBe(capture.status === 'fulfilled' ? 1063 : 0);
      }
    });
  });

  describe('webhooks', () => {
    const event = (type: string, object: Record<string, unknown>) => JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } });

    it.each([
      ['payment_intent.amount_capturable_updated', { id: 'pi_sandbox_a', object: 'payment_intent' }, 'pi_sandbox_a', null],
      ['payment_intent.canceled', { id: 'pi_sandbox_b', object: 'payment_intent' }, 'pi_sandbox_b', null],
      ['charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: 'pi_sandbox_c', charge: 'ch_sandbox_c' }, 'pi_sandbox_c', 'ch_sandbox_c'],
      ['customer.created', { id: 'cus_1', object: 'customer' }, null, null],
    ])('verifies a signed %s event and finds its payment intent', (type, object, paymentIntentId, chargeId) => {
      const payload = event(type, object);
      const header = signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(provider.verifyWebhookEvent(Buffer.from(payload), header)).toEqual({ id: 'evt_1', type, paymentIntentId, chargeId });
    });

    it('accepts a header with several signatures when one matches, as after a secret rotation', () => {
      const payload = event('payment_intent.succeeded', { id: 'pi_sandbox_a' });
      const valid = signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS);
      const stale = signSandboxWebhook(payload, 'whsec_old_secret', NOW_SECONDS).split(',')[1];
      expect(provider.verifyWebhookEvent(Buffer.from(payload), `${valid.split(',')[0]},${stale},${valid.split(',')[1]}`).paymentIntentId).toBe('pi_sandbox_a');
    });

    it.each([
      ['a tampered body', (payload: string) => ({ body: payload.replace('pi_sandbox_a', 'pi_sandbox_z'), header: signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS) }), 'No signatures found matching the expected signature for payload'],
      ['another secret', (payload: string) => ({ body: payload, header: signSandboxWebhook(payload, 'whsec_wrong', NOW_SECONDS) }), 'No signatures found matching the expected signature for payload'],
      ['a signature older than 300 s', (payload: string) => ({ body: payload, header: signSandboxWebhook(payload, WEBHOOK_SECRET, NOW_SECONDS - 301) }), 'Timestamp outside the tolerance zone'],
      ['no header', (payload: string) => ({ body: payload, header: undefined }), 'Unable to extract timestamp and signatures from header'],
      ['a header without a v1 signature', (payload: string) => ({ body: payload, header: `t=${NOW_SECONDS},v0=abc` }), 'Unable to extract timestamp and signatures from header'],
    ])('refuses %s with 400 webhook_signature_invalid', (_label, make, message) => {
      const { body, header } = make(event('payment_intent.succeeded', { id: 'pi_sandbox_a' }));
      const error = thrownBy(() => provider.verifyWebhookEvent(Buffer.from(body), header));
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
