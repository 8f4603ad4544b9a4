import { ORDER_REFERENCE } from '../../shared/order-reference';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatePaymentIntentResponse, OrderDetailResponse, OrderListResponse, TopupResponse } from '../../shared/api/orders';
import { formatUsd, priceTopUp, toCents } from '../../shared/pricing';
import { buildApp } from '../app';
import { loadFeeConfig } from '../catalog/price-config';
import { attemptCounts, orders, sandboxPaymentIntents, sandboxTopups } from '../db/schema';
import { listAttention } from '../orders/admin-queries';
import { DISPUTE_ATTENTION } from '../orders/payment-events';
import { SANDBOX_WEBHOOK_SECRET } from '../payments';
import { signSandboxWebhook } from '../payments/sandbox/sandbox-payment-provider';
import { testConfig } from '../testing/app';
import { accountClient } from '../testing/accounts';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { GOOD_CARD, SANDBOX_NUMBERS } from '../testing/orders';

const PASSWORD = 'Lagos-to-Accra-2026';
const DISPUTE_CARD = '4000000000000259';
let addressCounter = 0;

describe.each(TEST_DATABASE_KINDS)('checkout over HTTP on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database, now: () => clock, reconciler: false });
  });
  beforeEach(async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    await database.reset();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function signedIn(email = `${randomUUID()}@example.com`) {
    const client = accountClient(app, `198.51.100.${++addressCounter % 250}`);
    expect((await client.signUp(email, PASSWORD)).statusCode).toBe(200);
    return client;
  }

  /** What the review step shows for an NG number's first offered amount, priced as the browser prices it. */
  async function reviewedTopUp(phone: string = SANDBOX_NUMBERS.successful, countryCode = 'NG') {
    const detected = await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/${countryCode}` });
    const operator = detected.json().data;
    const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0] : 5;
    const price = priceTopUp(toCents(amount), await loadFeeConfig(database.db));
    return {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId,
      operatorName: operator.name as string,
      countryCode,
      phone,
      orderKey: randomUUID(),
    };
  }

  type Client = Awaited<ReturnType<typeof signedIn>>;

  async function checkout(client: Client, phone?: string, countryCode?: string) {
    const body = await reviewedTopUp(phone, countryCode);
    const response = await client.post('/api/create-payment-intent', body);
    expect(response.statusCode, response.body).toBe(200);
    return { body, intent: response.json() as CreatePaymentIntentResponse };
  }

  async function pay(client: Client, intent: CreatePaymentIntentResponse, number: string = GOOD_CARD.number) {
    return client.post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      paymentMethod: { ...GOOD_CARD, number },
    });
  }

  function topupBody(body: Awaited<ReturnType<typeof reviewedTopUp>>, paymentIntentId: string) {
    return {
      operatorId: String(body.operatorId),
      amount: body.amount,
      useLocalAmount: false,
      customIdentifier: `topup-${Date.now()}`,
      recipientPhone: { countryCode: body.countryCode, number: body.phone },
      operatorName: body.operatorName,
      paymentIntentId,
    };
  }

  const count = async (table: typeof orders | typeof sandboxPaymentIntents | typeof sandboxTopups) => (await database.db.select().from(table)).length;

  it('create-payment-intent needs a signed-in user', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: await reviewedTopUp() });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Please login to continue');
  });

  it('creates one order and one manual-capture intent for the server’s own price', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    expect(intent.clientSecret).toMatch(/^pi_sandbox_\w+_secret_\w+$/);
    expect(intent.totalAmount).toBe(body.totalAmount);
    const [stored] = await database.db.select().from(sandboxPaymentIntents);
    expect(stored).toMatchObject({ amount: toCents(body.totalAmount), currency: 'usd', captureMethod: 'manual', status: 'requires_payment_method' });
    expect(stored!.metadata.orderId).toBe(intent.orderId);
  });

  it('an order key whose order has ended is refused with ORDER_CLOSED, and nothing new is created', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client, SANDBOX_NUMBERS.failed);
    await pay(client, intent);
    expect((await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))).json().status).toBe('FAILED');
    const again = await client.post('/api/create-payment-intent', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ORDER_CLOSED',
      message: 'This checkout has ended and nothing was charged. Please confirm again to start a new one.',
    });
    expect(await count(sandboxPaymentIntents)).toBe(1);
  });

  it('a retried click with the same order key gets the same order and intent; an intent made by a click that lost the race is cancelled', async () => {
    const client = await signedIn();
    const body = await reviewedTopUp();
    const [first, second] = await Promise.all([client.post('/api/create-payment-intent', body), client.post('/api/create-payment-intent', body)]);
    expect(first.json().paymentIntentId).toBe(second.json().paymentIntentId);
    expect(await count(orders)).toBe(1);
    // Both clicks may pass the check for an existing order before either inserts one: the loser's intent is then cancelled unpaid.
    const intents = await database.db.select().from(sandboxPaymentIntents);
    expect(intents.filter((intent) => intent.status !== 'canceled').map((intent) => intent.id)).toEqual([first.json().paymentIntentId]);
    for (const intent of intents.filter((row) => row.status === 'canceled')) expect(intent.cancellationReason).toBe('duplicate');
  });

  /** How many checkouts were counted against this user's limit (3 a minute by default) in the window under way. */
  const countedFor = async (userId: string) =>
    (
      await database.db
        .select()
        .from(attemptCounts)
        .where(eq(attemptCounts.key, `checkout:user:${userId}`))
    )[0]?.count ?? 0;
  const userIdOf = async (client: Client) => ((await client.get('/api/user')).json().user as { id: string }).id;

  it('twenty calls at once with one order key are one checkout: one order, none refused, counted once', async () => {
    const client = await signedIn();
    const body = await reviewedTopUp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/create-payment-intent', body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(answers.map((answer) => answer.json().orderId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.json().paymentIntentId)).size).toBe(1);
    expect(await count(orders)).toBe(1);
    expect(await countedFor(await userIdOf(client))).toBe(1);
  });

  it('a retry whose order exists counts nothing: the customer can still start the new checkouts the limit allows, and no more', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    // The answer was lost, or the browser crashed: the same call again, more times than the limit allows new ones.
    for (let retry = 0; retry < 5; retry++) {
      const again = await client.post('/api/create-payment-intent', body);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ orderId: intent.orderId, paymentIntentId: intent.paymentIntentId });
    }
    expect(await countedFor(await userIdOf(client))).toBe(1);
    // The default allows five new checkouts a minute: four more, and the sixth is refused.
    for (let more = 0; more < 4; more++) await checkout(client);
    const sixth = await client.post('/api/create-payment-intent', await reviewedTopUp());
    expect(sixth.statusCode).toBe(429);
    expect(await count(orders)).toBe(5);
  });

  it('another user’s order key neither reveals nor returns their order: it is a new checkout of one’s own, counted', async () => {
    const owner = await signedIn();
    const { body, intent } = await checkout(owner);
    const other = await signedIn();
    const answer = await other.post('/api/create-payment-intent', body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().orderId).not.toBe(intent.orderId);
    expect(answer.json().paymentIntentId).not.toBe(intent.paymentIntentId);
    expect(await count(orders)).toBe(2);
    expect(await countedFor(await userIdOf(other))).toBe(1);
  });

  it('twenty new checkouts at once: the per-user limit still holds (5 a minute by default)', async () => {
    const client = await signedIn();
    const bodies = await Promise.all(Array.from({ length: 20 }, () => reviewedTopUp()));
    const answers = await Promise.all(bodies.map((body) => client.post('/api/create-payment-intent', body)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await count(orders)).toBe(5);
  });

  it.each([
    ['a lower total', { totalAmount: '0.50' }, 409, /The price has changed: the total is now \$/],
    ['a lower fee', { fee: '0.00' }, 409, /The price has changed/],
    ['an amount the operator does not offer', { amount: '3.17', fee: undefined, totalAmount: undefined }, 400, /does not offer|must be between/],
    ['another country’s operator', { countryCode: 'IN' }, 400, /./],
    ['a malformed amount', { amount: '10.999' }, 400, /at most 2 decimals/],
  ])('refuses %s and creates nothing', async (_case, change, status, message) => {
    const client = await signedIn();
    const response = await client.post('/api/create-payment-intent', { ...(await reviewedTopUp()), ...change });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await count(orders)).toBe(0);
    expect(await count(sandboxPaymentIntents)).toBe(0);
  });

  it('the whole checkout: pay, top up, capture — and history shows it', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    const paid = await pay(client, intent);
    expect(paid.json().paymentIntent.status).toBe('requires_capture');
    const topup = await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
    expect(topup.statusCode, topup.body).toBe(200);
    const result = topup.json() as TopupResponse;
    expect(result).toMatchObject({
      status: 'SUCCESSFUL',
      operatorName: body.operatorName,
      requestedAmount: Number(body.amount),
      recipientPhone: '+234 8031234567',
    });
    expect(result.transactionId).toMatch(/^\d+$/);
    expect(result.reference).toMatch(ORDER_REFERENCE);
    expect(result.deliveredAmountCurrencyCode).toBe('NGN');
    const [stored] = await database.db.select().from(sandboxPaymentIntents);
    expect(stored!.status).toBe('succeeded');

    const again = await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
    expect(again.json().transactionId).toBe(result.transactionId);
    expect(await count(sandboxTopups)).toBe(1);

    const history = (await client.get('/api/orders')).json() as OrderListResponse;
    expect(history.orders).toHaveLength(1);
    expect(history.orders[0]).toMatchObject({
      status: 'completed',
      displayStatus: 'successful',
      countryName: 'Nigeria',
      callingCode: '234',
      totalAmount: body.totalAmount,
      reference: result.reference,
    });
    const detail = (await client.get(`/api/orders/${intent.orderId}`)).json() as OrderDetailResponse;
    expect(detail.result.status).toBe('SUCCESSFUL');
  });

  it('a PIN product shows its PIN to its owner only, never cached; nobody else learns it', async () => {
    const owner = await signedIn();
    const { body, intent } = await checkout(owner, '07304991234', 'GB');
    await pay(owner, intent);
    const topup = (await owner.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))).json() as TopupResponse;
    expect(topup).toMatchObject({ status: 'SUCCESSFUL', hasPin: true });
    expect(JSON.stringify(topup)).not.toMatch(/"code"/);
    const [stored] = await database.db.select().from(orders);
    const pinResponse = await owner.get(`/api/orders/${intent.orderId}/pin`);
    expect(pinResponse.statusCode).toBe(200);
    expect(pinResponse.headers['cache-control']).toBe('no-store');
    const { pin } = pinResponse.json();
    expect(pin.code).toMatch(/^\d{12}$/);
    expect(stored!.pinDetailEncrypted).not.toContain(pin.code);
    const stranger = await signedIn();
    expect((await stranger.get(`/api/orders/${intent.orderId}/pin`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/orders/${intent.orderId}/pin` })).statusCode).toBe(401);
  });

  it('a data bundle keeps its plan and stores no local amount invented from its rate of 1', async () => {
    const client = await signedIn();
    const detected = (await app.inject({ method: 'GET', url: '/api/reloadly/operator-detect/37999123/HT' })).json().data;
    expect(detected).toMatchObject({ bundle: true, localFixedAmounts: [], suggestedAmountsMap: {} });
    const { body, intent } = await checkout(client, '37999123', 'HT');
    await pay(client, intent);
    const topup = (await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))).json() as TopupResponse;
    expect(topup).toMatchObject({ status: 'SUCCESSFUL', planDescription: 'Small Plan - 2GB, 7 Days', deliveredAmount: null });
    const [stored] = await database.db.select().from(orders);
    expect(stored).toMatchObject({ localAmount: null, planDescription: 'Small Plan - 2GB, 7 Days' });
    const history = (await client.get('/api/orders')).json() as OrderListResponse;
    expect(history.orders[0]).toMatchObject({ localAmount: null, planDescription: 'Small Plan - 2GB, 7 Days', hasPin: false });
  });

  it('a declined card answers 402 with Stripe’s error and the top-up call is refused', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    const declined = await pay(client, intent, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    const topup = await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
    expect(topup.statusCode).toBe(409);
    expect(topup.json().code).toBe('PAYMENT_NOT_AUTHORISED');
    expect(await count(sandboxTopups)).toBe(0);
    // Never paid: history says so instead of listing it as pending, and reading it charges and sends nothing.
    clock = new Date(clock.getTime() + 5000);
    const detail = (await client.get(`/api/orders/${intent.orderId}`)).json() as OrderDetailResponse;
    expect(detail.order).toMatchObject({ status: 'created', displayStatus: 'not_paid' });
    expect(detail.result).toMatchObject({ status: 'PROCESSING', payment: 'none' });
    expect(await count(sandboxTopups)).toBe(0);
  });

  it('an authorised payment whose top-up call never arrived is delivered and captured when its result screen reads the order', async () => {
    const client = await signedIn();
    const { intent } = await checkout(client);
    await pay(client, intent);
    clock = new Date(clock.getTime() + 2000);
    const detail = (await client.get(`/api/orders/${intent.orderId}`)).json() as OrderDetailResponse;
    expect(detail.order.status).toBe('completed');
    expect(detail.result).toMatchObject({ status: 'SUCCESSFUL', payment: 'captured' });
    expect(await count(sandboxTopups)).toBe(1);
    const [stored] = await database.db.select().from(sandboxPaymentIntents);
    expect(stored!.status).toBe('succeeded');
  });

  it('a payment its provider is still confirming answers PROCESSING, sends nothing, and is delivered once authorised', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    expect((await pay(client, intent)).statusCode).toBe(200);
    // As Stripe reports some payment methods for a while after confirmation.
    await database.db.update(sandboxPaymentIntents).set({ status: 'processing' }).where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    const pending = await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject({ success: true, status: 'PROCESSING', orderId: intent.orderId, transactionId: null });
    expect(await count(sandboxTopups)).toBe(0);
    const followed = (await client.get(`/api/orders/${intent.orderId}`)).json() as OrderDetailResponse;
    expect(followed.order.status).toBe('created');
    expect(followed.result.status).toBe('PROCESSING');

    await database.db.update(sandboxPaymentIntents).set({ status: 'requires_capture' }).where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
    const delivered = await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
    expect(delivered.json()).toMatchObject({ status: 'SUCCESSFUL' });
    expect(await count(sandboxTopups)).toBe(1);
  });

  it('a failed delivery answers FAILED and releases the card', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client, SANDBOX_NUMBERS.failed);
    await pay(client, intent);
    const result = (await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))).json() as TopupResponse;
    expect(result).toMatchObject({ success: false, status: 'FAILED', errorCode: 'TOPUP_FAILED', deliveredAmount: null, payment: 'released' });
    expect(result.message).toBeTruthy();
    const [stored] = await database.db.select().from(sandboxPaymentIntents);
    expect(stored!.status).toBe('canceled');
    expect((await client.get('/api/orders')).json().orders[0].displayStatus).toBe('failed');
  });

  it('another user can neither top up nor read my order', async () => {
    const owner = await signedIn();
    const { body, intent } = await checkout(owner);
    await pay(owner, intent);
    const stranger = await signedIn();
    const topup = await stranger.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
    expect(topup.statusCode).toBe(404);
    expect((await stranger.get(`/api/orders/${intent.orderId}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/orders')).json().orders).toEqual([]);
    expect(await count(sandboxTopups)).toBe(0);
    const [stored] = await database.db.select().from(sandboxPaymentIntents);
    expect(stored!.status).toBe('requires_capture');
  });

  it.each([
    ['another number', { recipientPhone: { countryCode: 'NG', number: '08039999999' } }],
    ['another amount', { amount: '7654.32' }],
    ['another operator', { operatorId: '999999' }],
    ['another country', { recipientPhone: { countryCode: 'GH', number: SANDBOX_NUMBERS.successful } }],
  ])('a top-up call with %s than the paid order is refused before delivery, and the order is left as paid', async (_case, change) => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    await pay(client, intent);
    const response = await client.post('/api/reloadly/topup', { ...topupBody(body, intent.paymentIntentId), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOPUP_MISMATCH');
    expect(await count(sandboxTopups)).toBe(0);
    // Neither authorised nor claimed: the reconciler (or a call that matches) delivers it as recorded.
    const [order] = await database.db.select().from(orders);
    expect(order).toMatchObject({ status: 'created', authorisedAt: null, claimedAt: null });
    expect((await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))).json().status).toBe('SUCCESSFUL');
  });

  it.each([['not-an-order-id'], [randomUUID()]])(
    'an authorised intent whose metadata names another order (%s) is released, not delivered, and answers FAILED (never a 500)',
    async (orderId) => {
      const client = await signedIn();
      const { body, intent } = await checkout(client);
      await pay(client, intent);
      const [stored] = await database.db.select().from(sandboxPaymentIntents);
      const metadata = { ...stored!.metadata, orderId };
      await database.db.update(sandboxPaymentIntents).set({ metadata }).where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
      const response = await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status: 'FAILED', payment: 'none', errorCode: 'AUTHORISATION_MISMATCH' });
      expect(await count(sandboxTopups)).toBe(0);
      const [released] = await database.db.select().from(sandboxPaymentIntents);
      expect(released!.status).toBe('canceled');
    },
  );

  it('the number may be repeated in its international form', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    await pay(client, intent);
    const international = { ...topupBody(body, intent.paymentIntentId), recipientPhone: { countryCode: 'NG', number: '2348031234567' } };
    expect((await client.post('/api/reloadly/topup', international)).json().status).toBe('SUCCESSFUL');
    expect(await count(sandboxTopups)).toBe(1);
  });

  it('two top-up calls for one payment at once send one top-up and capture once', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    await pay(client, intent);
    const answers = await Promise.all([1, 2, 3].map(() => client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().transactionId)).size).toBe(1);
    expect(await count(sandboxTopups)).toBe(1);
    const [stored] = await database.db.select().from(sandboxPaymentIntents);
    expect(stored).toMatchObject({ status: 'succeeded', amountReceived: toCents(body.totalAmount) });
  });

  it('the same number cannot be topped up again within 2 minutes', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    await pay(client, intent);
    await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId));
    const again = await client.post('/api/create-payment-intent', await reviewedTopUp());
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'RECIPIENT_RECENTLY_TOPPED_UP',
      message: 'This number was topped up less than 2 minutes ago. Please wait a few minutes before sending it another top-up.',
      messageParams: { minutes: 2 },
      messageKey: 'apiErrors.recipientRecentlyToppedUp',
    });
    // When the number is free again: 2 minutes after the paid top-up.
    expect(again.headers['retry-after']).toBe('120');
    clock = new Date(clock.getTime() + 90 * 1000);
    expect((await client.post('/api/create-payment-intent', await reviewedTopUp())).headers['retry-after']).toBe('30');
    clock = new Date(clock.getTime() + 30 * 1000 + 1);
    expect((await client.post('/api/create-payment-intent', await reviewedTopUp())).statusCode).toBe(200);
  });

  it('caps what one user spends in 24 hours', async () => {
    const { totalAmount } = await reviewedTopUp();
    // Room for exactly two of these top-ups and one cent more.
    const capCents = 2 * toCents(totalAmount) + 1;
    const capped = await buildApp({
      config: testConfig({ DAILY_SPEND_LIMIT_USD: formatUsd(capCents) }),
      database,
      now: () => clock,
      reconciler: false,
    });
    try {
      const client = accountClient(capped, '198.51.100.251');
      await client.signUp(`${randomUUID()}@example.com`, PASSWORD);
      for (const phone of ['08031234561', '08031234562']) {
        const body = await reviewedTopUp(phone);
        const intent = (await client.post('/api/create-payment-intent', body)).json() as CreatePaymentIntentResponse;
        await pay(client, intent);
        expect((await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))).json().status).toBe('SUCCESSFUL');
      }
      const refused = await client.post('/api/create-payment-intent', await reviewedTopUp('08031234563'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        message: `This top-up would pass your limit of $${formatUsd(capCents)} in 24 hours. You can still send up to $0.01 today, fees included.`,
        messageKey: 'apiErrors.dailyLimitReached',
        messageParams: { limit: `$${formatUsd(capCents)}`, left: '$0.01' },
      });
      clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 + 1);
      expect((await client.post('/api/create-payment-intent', await reviewedTopUp('08031234563'))).statusCode).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('a signed webhook fulfils an authorised order whose browser went away; replays change nothing', async () => {
    const client = await signedIn();
    const { intent } = await checkout(client);
    await pay(client, intent);
    const payload = JSON.stringify({
      id: 'evt_1',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } },
    });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signSandboxWebhook(payload, SANDBOX_WEBHOOK_SECRET) },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect(await count(sandboxTopups)).toBe(1);
    expect((await client.get(`/api/orders/${intent.orderId}`)).json().order.status).toBe('completed');
  });

  it('a payment with the dispute test card is charged, then disputed: the order waits in the attention queue', async () => {
    const client = await signedIn();
    const { body, intent } = await checkout(client);
    await pay(client, intent, DISPUTE_CARD);
    expect((await client.post('/api/reloadly/topup', topupBody(body, intent.paymentIntentId))).json().status).toBe('SUCCESSFUL');
    await vi.waitFor(
      async () => {
        const [order] = await database.db.select().from(orders).where(eq(orders.id, intent.orderId));
        expect(order).toMatchObject({ status: 'completed', attentionReason: DISPUTE_ATTENTION });
        // The dispute comes after the capture, in its own time: seconds on a busy machine.
      },
      { timeout: 10_000 },
    );
    const { items } = await listAttention(database.db, clock);
    expect(items.map((item) => [item.order.id, item.reason])).toEqual([[intent.orderId, 'dispute']]);
  });

  it('a webhook with a bad signature is refused', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: JSON.stringify({ id: 'evt_2', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('payment-config tells the browser to show the sandbox form in test mode, and what it takes: cards and Cash App, no wallets', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payment-config' })).json()).toEqual({
      provider: 'sandbox',
      publishableKey: null,
      testMode: true,
      accepts: ['visa', 'mastercard', 'amex', 'discover', 'cashapp'],
    });
  });

  it('a malformed order id is simply not found', async () => {
    const client = await signedIn();
    expect((await client.get('/api/orders/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('with Stripe keys configured', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' }),
      database,
      reconciler: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('tells the browser to load the Payment Element with the publishable key, in test mode for a test key, with Apple Pay and Google Pay', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/payment-config' })).json()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_123',
      testMode: true,
      accepts: ['visa', 'mastercard', 'amex', 'discover', 'cashapp', 'applepay', 'googlepay'],
    });
  });

  it('lets pages load Stripe.js and its frames, and offers no sandbox card endpoint', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/js\.stripe\.com/);
    const confirm = await app.inject({ method: 'POST', url: '/api/sandbox-payments/pi_x/confirm', payload: {} });
    expect(confirm.statusCode).toBe(404);
  });
});
