import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatePaymentIntentResponse } from '../../shared/api/orders';
import type { ReceiptResponse } from '../../shared/api/receipts';
import { RECEIPT_TEXTS } from '../../shared/receipt-texts';
import { buildApp } from '../app';
import { SANDBOX_MERCHANT } from '../config';
import { emailOutbox, receiptOutbox } from '../db/schema';
import { accountClient, TEST_ORIGIN } from '../testing/accounts';
import { testConfig } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { GOOD_CARD, SANDBOX_NUMBERS } from '../testing/orders';

const PASSWORD = 'Lagos-to-Accra-2026';
let addressCounter = 0;

describe.each(TEST_DATABASE_KINDS)('receipts over HTTP on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The receipt sender runs as in production; the reconciler is left out so that only the top-up call moves orders.
    app = await buildApp({ config: testConfig(), database, reconciler: false });
    await app.ready();
  });
  beforeEach(() => database.reset());
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function signedIn(email = `${randomUUID()}@example.com`) {
    const client = accountClient(app, `198.51.100.${(++addressCounter % 250) + 1}`);
    expect((await client.signUp(email, PASSWORD)).statusCode).toBe(200);
    return { client, email };
  }

  /** Checks out the first NG amount for `phone`, pays it and calls the top-up, as the browser does. */
  async function topUp(client: Awaited<ReturnType<typeof signedIn>>['client'], phone: string = SANDBOX_NUMBERS.successful) {
    const operator = (await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/NG` })).json().data;
    const amount = (operator.denominationType === 'FIXED' ? operator.fixedAmounts[0] : 5).toFixed(2);
    const intent = (
      await client.post('/api/create-payment-intent', { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone })
    ).json() as CreatePaymentIntentResponse;
    await client.post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, paymentMethod: GOOD_CARD });
    const topup = await client.post('/api/reloadly/topup', { paymentIntentId: intent.paymentIntentId });
    expect(topup.statusCode, topup.body).toBe(200);
    return intent;
  }

  const mailsAbout = (orderId: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.text, `%${orderId}%`));

  async function until(done: () => Promise<boolean>) {
    const deadline = Date.now() + 10_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a completed top-up’s receipt reaches the outbox right away, in the customer’s language, to the account’s address', async () => {
    const { client, email } = await signedIn();
    await client.post('/api/user/settings', { language: 'fr' });
    const intent = await topUp(client);
    await until(async () => (await mailsAbout(intent.orderId)).length > 0);
    const [mail] = await mailsAbout(intent.orderId);
    expect(mail).toMatchObject({ to: email, subject: RECEIPT_TEXTS.fr.subjects.completed.replace('{number}', '+234 803 123 4567') });
    expect(mail!.text).toContain(`${TEST_ORIGIN}/profile/orders/${intent.orderId}/receipt`);
  });

  it('a customer who turned receipts off in settings gets none', async () => {
    const { client } = await signedIn();
    await client.post('/api/user/settings', { receiptEmails: false });
    const intent = await topUp(client);
    await until(async () => (await database.db.select().from(receiptOutbox).where(eq(receiptOutbox.orderId, intent.orderId)))[0]?.skippedAt != null);
    expect(await mailsAbout(intent.orderId)).toHaveLength(0);
  });

  it('the receipt page’s data: the order as its receipt shows it', async () => {
    const { client } = await signedIn();
    const intent = await topUp(client);
    const response = await client.get(`/api/orders/${intent.orderId}/receipt`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { receipt } = response.json() as ReceiptResponse;
    expect(receipt).toMatchObject({
      orderId: intent.orderId,
      displayStatus: 'successful',
      recipientNumber: '+234 803 123 4567',
      countryName: 'Nigeria',
      recipientCurrency: 'NGN',
      amountCents: Math.round(Number(intent.amount) * 100),
      feeCents: Math.round(Number(intent.fee) * 100),
      totalCents: Math.round(Number(intent.totalAmount) * 100),
      refundedAt: null,
      failureCode: null,
    });
    expect(receipt.rate).toBeGreaterThan(0);
    expect(receipt.recipientAmount).toBeGreaterThan(0);
    expect(receipt.transactionId).toMatch(/^\d+$/);
    // The card the sandbox authorised (4242 4242 4242 4242), recorded on the order when it was authorised.
    expect(receipt.paymentMethod).toEqual({ type: 'card', brand: 'visa', last4: '4242' });
    expect((response.json() as ReceiptResponse).merchant).toEqual(SANDBOX_MERCHANT);
  });

  it('the receipt e-mail names the card paid with and the merchant from the configuration', async () => {
    const { client } = await signedIn();
    const intent = await topUp(client);
    await until(async () => (await mailsAbout(intent.orderId)).length > 0);
    const [mail] = await mailsAbout(intent.orderId);
    expect(mail!.text).toContain('Payment method: Visa •••• 4242');
    expect(mail!.text).toContain(`Sold by: ${SANDBOX_MERCHANT.legalName}\n${SANDBOX_MERCHANT.address}`);
    const history = (await client.get(`/api/orders/${intent.orderId}`)).json() as { order: { paymentMethod: unknown } };
    expect(history.order.paymentMethod).toEqual({ type: 'card', brand: 'visa', last4: '4242' });
  });

  it('another customer’s order, an unknown id and a malformed one are all simply not found', async () => {
    const owner = await signedIn();
    const intent = await topUp(owner.client);
    const stranger = await signedIn();
    for (const id of [intent.orderId, randomUUID(), 'not-an-id']) {
      const response = await stranger.client.get(`/api/orders/${id}/receipt`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND' });
    }
    expect((await app.inject({ method: 'GET', url: `/api/orders/${intent.orderId}/receipt` })).statusCode).toBe(401);
  });

  it('a failed top-up’s receipt data says what failed, and no rate or transaction is invented', async () => {
    const { client } = await signedIn();
    const intent = await topUp(client, SANDBOX_NUMBERS.failed);
    const { receipt } = (await client.get(`/api/orders/${intent.orderId}/receipt`)).json() as ReceiptResponse;
    expect(receipt).toMatchObject({ displayStatus: 'failed', failureCode: expect.any(String), refundedAt: null });
    await until(async () => (await mailsAbout(intent.orderId)).length > 0);
    const [mail] = await mailsAbout(intent.orderId);
    expect(mail!.subject).toBe(RECEIPT_TEXTS.en.subjects.failed);
  });
});
