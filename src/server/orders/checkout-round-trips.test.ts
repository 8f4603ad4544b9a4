import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatePaymentIntentResponse } from '../../shared/api/orders';
import { formatUsd, priceTopUp, toCents } from '../../shared/pricing';
import { buildApp } from '../app';
import { loadFeeConfig } from '../catalog/price-config';
import { createAttemptCounts } from '../db/attempt-counts';
import { attemptCounts, orders, sandboxPaymentIntents, user } from '../db/schema';
import { checkoutsPerUser, limitsToEnforce, REQUEST_LIMITS } from '../request-limits';
import { databaseQueries } from '../metrics/registry';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import { PaymentProviderError, type Payment } from '../payments/provider';
import { accountClient } from '../testing/accounts';
import { testConfig } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { firstOffer, GOOD_CARD, insertTestUser, orderLedger, paidOrder, sandboxOrderServices } from '../testing/orders';
import { startCheckout } from './checkout';
import { CHECK_DELAYS_MS, createFulfilment } from './fulfilment';

/** The statements sent to PostgreSQL so far (db_queries_total); PGlite sends none. */
const statementsSent = async () => (await databaseQueries.get()).values[0]?.value ?? 0;

describe.each(TEST_DATABASE_KINDS)('an order’s database round trips on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  async function setup() {
    const kit = sandboxOrderServices(database.db);
    const userId = await insertTestUser(database.db);
    return { ...kit, userId, fulfilment: createFulfilment(kit.services) };
  }

  async function checkoutBody(services: Parameters<typeof firstOffer>[0]) {
    const { operator, amount } = await firstOffer(services);
    return { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: '08031234567' };
  }

  it('an order is inserted with its payment intent already linked', async () => {
    const { services, userId } = await setup();
    const { orderId, paymentIntentId } = await paidOrder(services, { userId, pay: false });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentId).toBe(paymentIntentId);
  });

  it('a payment provider that fails at checkout leaves no order behind', async () => {
    const { services, userId } = await setup();
    const body = await checkoutBody(services);
    services.payments = {
      ...services.payments,
      createPayment: () => Promise.reject(new PaymentProviderError('Stripe is down', { type: 'api_error', status: 500, retryable: true })),
    };
    await expect(startCheckout(services, { userId, accountEmail: 'payer@example.com', body })).rejects.toMatchObject({
      code: 'PAYMENT_PROVIDER_ERROR',
    });
    expect(await database.db.select().from(orders)).toEqual([]);
  });

  it('a click whose account is deleted on its way, after its sign-in was checked, creates no order and cancels its intent', async () => {
    const { services, userId } = await setup();
    const body = await checkoutBody(services);
    // The guard read the account a moment ago (blockedAt: null); the deletion commits before the order is inserted.
    await database.db.update(user).set({ deletedAt: new Date() }).where(eq(user.id, userId));
    await expect(startCheckout(services, { userId, accountEmail: 'payer@example.com', blockedAt: null, body })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(await database.db.select().from(orders)).toEqual([]);
    const intents = await database.db.select().from(sandboxPaymentIntents);
    expect(intents.map((intent) => intent.status)).toEqual(['canceled']);
  });

  it('a click whose order another click of the same order key inserted first cancels its own intent and answers the other’s', async () => {
    const { services, userId } = await setup();
    const body = await checkoutBody(services);
    const inner = services.payments;
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let calls = 0;
    services.payments = {
      ...inner,
      // The first click's intent is made, then held until the second click has inserted its order.
      async createPayment(request): Promise<Payment> {
        const intent = await inner.createPayment(request);
        if (++calls === 1) await firstHeld;
        return intent;
      },
    };
    const request = { userId, accountEmail: 'payer@example.com', body };
    const first = startCheckout(services, request);
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await startCheckout(services, request);
    releaseFirst();
    const answer = await first;
    expect(answer.orderId).toBe(second.orderId);
    expect(answer.paymentIntentId).toBe(second.paymentIntentId);
    const intents = await database.db.select().from(sandboxPaymentIntents);
    expect(intents).toHaveLength(2);
    const duplicate = intents.find((intent) => intent.id !== second.paymentIntentId)!;
    expect(duplicate).toMatchObject({ status: 'canceled', cancellationReason: 'duplicate' });
    expect(await database.db.select().from(orders)).toHaveLength(1);
  });

  it('a successful top-up is captured, then recorded delivered and completed: both moves are in its events', async () => {
    const { services, userId, fulfilment } = await setup();
    const { orderId } = await paidOrder(services, { userId });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
    const { events, intent } = await orderLedger(database.db, orderId);
    expect(events.map((event) => [event.fromStatus, event.toStatus])).toEqual([
      [null, 'created'],
      ['created', 'authorised'],
      ['authorised', 'delivering'],
      ['delivering', 'delivered'],
      ['delivered', 'completed'],
    ]);
    expect(events[3]!.detail).toMatchObject({ transactionId: expect.any(String) });
    expect(intent!.status).toBe('succeeded');
  });

  it('a process that stops between the capture and its record leaves the order to the reconciler, which completes it without charging twice', async () => {
    const { services, userId, advance } = await setup();
    const { orderId } = await paidOrder(services, { userId });
    const stopping = createFulfilment({
      ...services,
      payments: {
        ...services.payments,
        // The capture is made, then the process stops before anything else: its answer never arrives.
        async capturePayment(id, options) {
          await services.payments.capturePayment(id, options);
          return new Promise<Payment>(() => undefined);
        },
      },
    });
    void stopping.fulfil(orderId, 'browser');
    while ((await orderLedger(database.db, orderId)).intent!.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 5));
    const stopped = await orderLedger(database.db, orderId);
    expect(stopped.order.status).toBe('delivering');
    expect(stopped.intent!.status).toBe('succeeded');

    advance(CHECK_DELAYS_MS.delivering);
    const order = await createFulfilment(services).reconcile(orderId);
    expect(order.status).toBe('completed');
    const { intent, deliveries } = await orderLedger(database.db, orderId);
    expect(deliveries).toHaveLength(1);
    expect(intent!.amountReceived).toBe(order.totalCents);
  });
});

// Only PostgreSQL has round trips to count (db_queries_total); PGlite runs in the process.
describe.each(TEST_DATABASE_KINDS.filter((kind) => kind === 'postgres'))('a whole order’s statements on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  it('a whole order, checkout to capture, costs 16 statements besides the sign-in, its request limits and risk signals included', async () => {
    const { services } = sandboxOrderServices(database.db);
    const userId = await insertTestUser(database.db);
    const fulfilment = createFulfilment(services);
    // A first order fills the per-instance caches (catalogue, switches, limits), as a running server has them.
    await fulfilment.fulfil((await paidOrder(services, { userId, phone: '08031234568' })).orderId, 'browser');
    const { operator, amount } = await firstOffer(services);
    const body = { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: '08031234567' };

    const before = await statementsSent();
    // The route passes the block its sign-in check read, and the request limits to count, as here.
    const requestLimits = limitsToEnforce(createAttemptCounts(database.db), [
      [checkoutsPerUser(3), userId],
      [REQUEST_LIMITS.checkoutsPerAddress, '203.0.113.9'],
    ]);
    const intent = await startCheckout(services, { userId, accountEmail: 'payer@example.com', blockedAt: null, body, requestLimits });
    const afterCheckout = await statementsSent();
    await confirmSandboxPaymentIntent(
      services.db,
      intent.paymentIntentId,
      { clientSecret: intent.clientSecret, paymentMethod: GOOD_CARD },
      services.now(),
    );
    const afterConfirm = await statementsSent();
    const [order] = await database.db.select().from(orders).where(eq(orders.id, intent.orderId));
    const beforeTopup = await statementsSent();
    expect((await fulfilment.fulfil(order!.id, 'browser', order)).status).toBe('completed');
    const afterTopup = await statementsSent();

    // Checkout: the facts with the request limits' count, the risk signals read and kept, the sandbox intent, the order.
    // Confirm: the sandbox intent. Top-up: the sandbox intent read, the payment's risk signals read and kept, the
    // authorisation and claim, the sandbox's send (its cooldown check and its wallet included), the sandbox capture, the
    // delivery with its cost, and completion. The risk desk and the money desk added seven: folding their reads into
    // the statements already sent is the next saving (docs/benchmarks.md).
    expect([afterCheckout - before, afterConfirm - afterCheckout, afterTopup - beforeTopup]).toEqual([5, 1, 10]);
    const counted = await database.db.select().from(attemptCounts);
    expect(counted.map((row) => [row.key, row.count]).sort()).toEqual([
      ['checkout:ip:203.0.113.9', 1],
      [`checkout:user:${userId}`, 1],
    ]);
  });

  it('a retried checkout whose order exists counts nothing, even with its limits spent, and costs 3 statements', async () => {
    const { services } = sandboxOrderServices(database.db);
    const userId = await insertTestUser(database.db);
    const { operator, amount } = await firstOffer(services);
    const body = { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: '08031234567' };
    const counts = createAttemptCounts(database.db);
    const limits = () => limitsToEnforce(counts, [[checkoutsPerUser(1), userId]]);
    const request = { userId, accountEmail: 'payer@example.com', blockedAt: null, body };
    const first = await startCheckout(services, { ...request, requestLimits: limits() });
    // The one checkout a minute is spent: a new key is refused, the same key answers its order.
    await expect(startCheckout(services, { ...request, body: { ...body, orderKey: randomUUID() }, requestLimits: limits() })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
    });
    const before = await statementsSent();
    const again = await startCheckout(services, { ...request, requestLimits: limits() });
    // The facts (which count nothing), the order under its key, the sandbox intent.
    expect((await statementsSent()) - before).toBe(3);
    expect(again).toMatchObject({ orderId: first.orderId, paymentIntentId: first.paymentIntentId });
    const counted = await database.db.select().from(attemptCounts);
    expect(counted.map((row) => [row.key, row.count])).toEqual([[`checkout:user:${userId}`, 1]]);
  });

  it('the browser’s top-up call claims the paid order without reading it first: its session and 10 statements', async () => {
    const app = await buildApp({ config: testConfig(), database, reconciler: false, receiptSender: false });
    try {
      const client = accountClient(app, '198.51.100.77');
      expect((await client.signUp(`${randomUUID()}@example.com`, 'Lagos-to-Accra-2026')).statusCode).toBe(200);
      const { services } = sandboxOrderServices(database.db);
      const { operator, amount } = await firstOffer(services);
      // Two orders, the first filling the per-instance caches (catalogue, switches, limits, countries) as a running server has them.
      for (const phone of ['08031234568', '08031234567']) {
        const price = priceTopUp(toCents(amount), await loadFeeConfig(database.db));
        const body = {
          amount,
          fee: formatUsd(price.serviceFeeCents),
          totalAmount: formatUsd(price.totalCents),
          operatorId: operator.operatorId,
          countryCode: 'NG',
          phone,
          orderKey: randomUUID(),
        };
        const intent = (await client.post('/api/create-payment-intent', body)).json() as CreatePaymentIntentResponse;
        await client.post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, paymentMethod: GOOD_CARD });
        const topup = {
          paymentIntentId: intent.paymentIntentId,
          operatorId: String(operator.operatorId),
          amount,
          recipientPhone: { countryCode: 'NG', number: phone },
        };
        const before = await statementsSent();
        expect((await client.post('/api/reloadly/topup', topup)).json().status).toBe('SUCCESSFUL');
        // The session (with its user); the sandbox intent, the authorisation and claim, the send, the capture, the completion.
        if (phone === '08031234567') expect((await statementsSent()) - before).toBe(11);
      }
    } finally {
      await app.close();
    }
  });
});
