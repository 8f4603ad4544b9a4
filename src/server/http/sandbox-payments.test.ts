import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Payment, type PaymentEvent, type PaymentProvider } from '../payments/provider';
import { createSandboxPaymentProvider } from '../payments/sandbox/sandbox-payment-provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { handleError } from './errors';
import { CONFIRMS_PER_MINUTE_PER_ADDRESS, registerSandboxPaymentRoutes } from './sandbox-payments';

const EXPIRY_YEAR = new Date().getUTCFullYear() + 3;
const card = (number: string) => ({ type: 'card', number, expMonth: 12, expYear: EXPIRY_YEAR, cvc: '123' });

let addressCounter = 0;
/** Each test confirms from its own address, so only the rate-limit test meets the limit. */
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

describe.each(TEST_DATABASE_KINDS)('POST /api/sandbox-payments/:id/confirm on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let provider: PaymentProvider;
  let keyCounter = 0;
  /** The events the sandbox sent where Stripe's webhooks go. */
  const delivered: PaymentEvent[] = [];
  /** The same, once those it sends on the next turn of the event loop are out. */
  const sentEvents = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return delivered;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    provider = createSandboxPaymentProvider(database.db, { webhookSecret: 'whsec_test' });
    app = Fastify();
    app.setErrorHandler(handleError);
    await app.register(rateLimit, { global: false });
    registerSandboxPaymentRoutes(app, { db: database.db, events: { deliver: async (event) => void delivered.push(event), log: { error() {} } } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const newIntent = () =>
    provider.createPayment({
      amountCents: 2093,
      currency: 'usd',
      receiptEmail: null,
      metadata: { orderId: 'order-1', userId: 'user-1' },
      idempotencyKey: `order-key-${++keyCounter}`,
    });

  const postConfirm = (intentId: string, payload: unknown, remoteAddress = freshAddress()) =>
    app.inject({ method: 'POST', url: `/api/sandbox-payments/${intentId}/confirm`, payload: payload as object, remoteAddress });

  const confirmWith = (intent: Payment, paymentMethod: unknown) => postConfirm(intent.id, { clientSecret: intent.clientSecret, paymentMethod });

  it('tells of a decline as Stripe does (payment_intent.payment_failed), and describes the card tried as Stripe’s charge does', async () => {
    const declined = await newIntent();
    expect((await confirmWith(declined, card('4000000000000002'))).statusCode).toBe(402);
    expect(delivered.filter((event) => event.paymentId === declined.id)).toEqual([
      expect.objectContaining({ kind: 'failed', type: 'payment_intent.payment_failed', paymentId: declined.id }),
    ]);
    expect((await provider.getPayment(declined.id)).card).toMatchObject({ fingerprint: expect.any(String), brand: 'visa', country: 'US' });
    const british = await newIntent();
    expect((await confirmWith(british, card('4000008260000000'))).statusCode).toBe(200);
    expect(delivered.filter((event) => event.paymentId === british.id)).toEqual([]);
    expect(await provider.getPayment(british.id)).toMatchObject({ card: { country: 'GB', cvcCheck: 'pass' }, risk: { level: 'normal' } });
    const risky = await newIntent();
    expect((await confirmWith(risky, card('4000000000009235'))).statusCode).toBe(200);
    expect((await provider.getPayment(risky.id)).risk).toEqual({ level: 'elevated', score: 67 });
    const blocked = await newIntent();
    const answer = await confirmWith(blocked, card('4100000000000019'));
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({ error: { code: 'card_declined', decline_code: 'fraudulent' } });
  });

  it('answers 200 with the authorised intent as the browser sees it', async () => {
    const intent = await newIntent();
    const response = await confirmWith(intent, card('4242 4242 4242 4242'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ paymentIntent: { id: intent.id, status: 'requires_capture', amount: 2093, currency: 'usd' } });
  });

  it("tells the webhook's handler of a declined card as Stripe's payment_failed event does, and of nothing else", async () => {
    const declined = await newIntent();
    expect((await confirmWith(declined, card('4000000000009995'))).statusCode).toBe(402);
    const authorised = await newIntent();
    expect((await confirmWith(authorised, card('4242424242424242'))).statusCode).toBe(200);
    const events = await sentEvents();
    expect(events.filter((event) => event.paymentId === declined.id).map((event) => event.kind)).toEqual(['failed']);
    expect(events.filter((event) => event.paymentId === authorised.id)).toEqual([]);
  });

  it('answers 200 for an approved Cash App payment', async () => {
    const intent = await newIntent();
    const response = await confirmWith(intent, { type: 'cashapp', outcome: 'approve' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ paymentIntent: { status: 'requires_capture' } });
  });

  it.each([
    [
      'a declined card',
      card('4000000000009995'),
      { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    ],
    [
      'a card number that fails the Luhn check',
      card('4242424242424241'),
      { type: 'card_error', code: 'invalid_number', message: 'Your card number is incorrect.' },
    ],
    [
      'a declined Cash App payment',
      { type: 'cashapp', outcome: 'decline' },
      { type: 'card_error', code: 'payment_method_provider_decline', message: 'The payment was declined by Cash App.' },
    ],
  ])('answers 402 with Stripe error shape for %s', async (_label, paymentMethod, error) => {
    const intent = await newIntent();
    const response = await confirmWith(intent, paymentMethod);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error });
  });

  it('answers 404 in the API error shape for a wrong client secret, without revealing the intent', async () => {
    const intent = await newIntent();
    const response = await postConfirm(intent.id, { clientSecret: 'pi_sandbox_x_secret_y', paymentMethod: card('4242424242424242') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: `No such payment_intent: '${intent.id}'`, code: 'resource_missing' });
    expect((await provider.getPayment(intent.id)).status).toBe('needs_payment_method');
  });

  it('answers 400 payment_intent_unexpected_state for a canceled intent', async () => {
    const intent = await newIntent();
    await provider.releasePayment(intent.id, { idempotencyKey: `cancel-${intent.id}`, reason: 'abandoned' });
    const response = await confirmWith(intent, card('4242424242424242'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'payment_intent_unexpected_state' });
  });

  it.each([
    ['no client secret', { paymentMethod: card('4242424242424242') }, 'clientSecret'],
    ['an unknown payment method', { clientSecret: 'pi_sandbox_x_secret_y', paymentMethod: { type: 'paypal' } }, 'paymentMethod.type'],
    [
      'an expiry month that is not a number',
      { clientSecret: 'pi_sandbox_x_secret_y', paymentMethod: { ...card('4242424242424242'), expMonth: 'June' } },
      'paymentMethod.expMonth',
    ],
  ])('answers 400 VALIDATION_FAILED naming the field for %s', async (_label, payload, field) => {
    const intent = await newIntent();
    const response = await postConfirm(intent.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    // A developer's message in English is not a translation key: the browser is not asked to look it up.
    expect(response.json().messageKey).toBeUndefined();
  });

  it(`answers 429 after ${CONFIRMS_PER_MINUTE_PER_ADDRESS} confirms from one address within a minute`, async () => {
    const intent = await newIntent();
    const address = '203.0.113.9';
    const payload = { clientSecret: intent.clientSecret, paymentMethod: card('4000000000000002') };
    for (let attempt = 0; attempt < CONFIRMS_PER_MINUTE_PER_ADDRESS; attempt++)
      expect((await postConfirm(intent.id, payload, address)).statusCode).toBe(402);
    expect((await postConfirm(intent.id, payload, address)).statusCode).toBe(429);
    expect((await postConfirm(intent.id, payload)).statusCode).toBe(402);
  });

  describe('the 3-D Secure challenge page', () => {
    const challengeOf = async (number: string) => {
      const intent = await newIntent();
      const response = await confirmWith(intent, card(number));
      expect(response.statusCode).toBe(200);
      return { intent, url: response.json().paymentIntent.next_action.redirect_to_url.url as string };
    };
    const answer = (url: string, intent: Payment, given: string) =>
      app.inject({
        method: 'POST',
        url: url.split('?')[0]!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ client_secret: intent.clientSecret!, answer: given }).toString(),
        remoteAddress: freshAddress(),
      });

    it('shows the amount and the two buttons, in a page of its own with its own security policy', async () => {
      const { url } = await challengeOf('4000002760003184');
      const page = await app.inject({ method: 'GET', url, remoteAddress: freshAddress() });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain('<html lang="en" dir="ltr">');
      expect(page.body).toContain('Payment of $20.93');
      expect(page.body).toContain('>Complete authentication</button>');
      expect(page.body).toContain('>Fail authentication</button>');
    });

    it('speaks the payment form’s language, right to left in Arabic', async () => {
      const { url } = await challengeOf('4000002760003184');
      const page = await app.inject({ method: 'GET', url: `${url}&lang=ar`, remoteAddress: freshAddress() });
      expect(page.body).toContain('<html lang="ar" dir="rtl">');
      expect(page.body).toContain('إتمام المصادقة');
    });

    it('Complete authentication returns the payer to /payment-complete as succeeded, with the intent authorised', async () => {
      const { intent, url } = await challengeOf('4000000000003220');
      const response = await answer(url, intent, 'complete');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(
        `/payment-complete?payment_intent=${intent.id}&payment_intent_client_secret=${intent.clientSecret}&redirect_status=succeeded`,
      );
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'authorised', threeDSecure: 'authenticated' });
    });

    it('Fail authentication returns the payer as failed; the page then only offers the way back', async () => {
      const { intent, url } = await challengeOf('4000002760003184');
      const response = await answer(url, intent, 'fail');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toContain('redirect_status=failed');
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'needs_payment_method', threeDSecure: 'failed' });
      const again = await app.inject({ method: 'GET', url, remoteAddress: freshAddress() });
      expect(again.body).toContain('This authentication has already been answered.');
      expect(again.body).not.toContain('Complete authentication');
    });

    it("tells the webhook's handler of a failed challenge, as Stripe's payment_failed event does", async () => {
      const { intent, url } = await challengeOf('4000002760003184');
      await answer(url, intent, 'fail');
      expect((await sentEvents()).filter((event) => event.paymentId === intent.id)).toEqual([
        {
          id: expect.stringMatching(/^evt_sandbox_\w+$/),
          kind: 'failed',
          type: 'payment_intent.payment_failed',
          paymentId: intent.id,
          chargeId: null,
        },
      ]);
    });

    it('answers a wrong client secret with 404 and an unknown answer with 400 naming the field', async () => {
      const { intent, url } = await challengeOf('4000002760003184');
      const [path] = url.split('?');
      const wrongSecret = await app.inject({ method: 'GET', url: `${path}?client_secret=guess`, remoteAddress: freshAddress() });
      expect(wrongSecret.statusCode).toBe(404);
      const unknown = await answer(url, intent, 'skip');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'answer' });
      expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'needs_action' });
    });
  });
});
