import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDestinationSwitches } from '../catalog/destination-switches';
import { countries, disabledOperators, orders, sandboxPaymentIntents } from '../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices, saveServiceLimits, TEST_PIN_VAULT } from '../testing/orders';
import { createReloadlyProvider } from '../topups/reloadly/client';
import { FakeReloadly, TOPUP_NUMBERS } from '../testing/fakes/reloadly';
import { bareTopupResult, TopupProviderError, type TopupDelivery, type TopupRequest, type TopupResult } from '../topups/provider';
import { PaymentProviderError } from '../payments/provider';
import { sandboxPin } from '../topups/sandbox/topup-delivery';
import {
  ATTENTION_REASONS,
  ATTENTION_RECHECK_MS,
  CHECK_DELAYS_MS,
  createFulfilment,
  MAX_AUTHORISATION_MS,
  PaymentNotAuthorisedError,
  RESEND_AFTER_MS,
} from './fulfilment';
import { PAYMENT_WINDOW_MS, reconcileDueOrders } from './reconciler';
import type { OrderServices } from './services';
import { transition } from './state-machine';

/** Counts the calls that move money, so tests can say "exactly one capture". */
function countingPayments(inner: PaymentProvider) {
  const calls = { capture: 0, cancel: 0 };
  /** The idempotency key of every capture that answered: one key is one capture at the provider, replays included. */
  const captureKeys: string[] = [];
  const payments: PaymentProvider = {
    ...inner,
    kind: inner.kind,
    publishableKey: inner.publishableKey,
    testMode: inner.testMode,
    createPayment: (request) => inner.createPayment(request),
    getPayment: (id) => inner.getPayment(id),
    capturePayment: async (id, options) => {
      const captured = await inner.capturePayment(id, options);
      calls.capture++;
      captureKeys.push(options.idempotencyKey);
      return captured;
    },
    releasePayment: (id, options) => {
      calls.cancel++;
      return inner.releasePayment(id, options);
    },
    verifyWebhookEvent: (body, signature) => inner.verifyWebhookEvent(body, signature),
  };
  return { payments, calls, captureKeys };
}

/** A top-up provider that answers from a script, then behaves like the real sandbox. */
function scriptedTopups(inner: TopupDelivery, script: Array<(request: TopupRequest) => Promise<TopupResult>>) {
  const sent: TopupRequest[] = [];
  const delivery: TopupDelivery = {
    async sendTopup(request) {
      sent.push(request);
      const next = script.shift();
      return next ? next(request) : inner.sendTopup(request);
    },
    topupStatus: (id) => inner.topupStatus(id),
    findTopupByCustomIdentifier: (id) => inner.findTopupByCustomIdentifier(id),
  };
  return { delivery, sent };
}

describe.each(TEST_DATABASE_KINDS)('fulfilment on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  async function setup(overrides: (services: OrderServices) => Partial<OrderServices> = () => ({})) {
    const kit = sandboxOrderServices(database.db);
    Object.assign(kit.services, overrides(kit.services));
    const userId = await insertTestUser(database.db);
    return { ...kit, userId, fulfilment: createFulfilment(kit.services) };
  }

  it('delivers a paid order, then captures exactly its total', async () => {
    const { services, userId, fulfilment } = await setup();
    const { orderId } = await paidOrder(services, { userId });
    const order = await fulfilment.fulfil(orderId, 'browser');
    expect(order.status).toBe('completed');
    const { intent, deliveries, events } = await orderLedger(database.db, orderId);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.status).toBe('SUCCESSFUL');
    expect(intent!.status).toBe('succeeded');
    expect(intent!.amountReceived).toBe(order.totalCents);
    expect(events.map((event) => event.toStatus)).toEqual(['created', 'authorised', 'delivering', 'delivered', 'completed']);
    expect(order.topupTransactionId).toBe(String(deliveries[0]!.transactionId));
  });

  it('a second top-up call for the same order returns the first result and delivers nothing more', async () => {
    const { services, userId, fulfilment } = await setup();
    const { orderId } = await paidOrder(services, { userId });
    const first = await fulfilment.fulfil(orderId, 'browser');
    const second = await fulfilment.fulfil(orderId, 'webhook');
    expect(second.status).toBe('completed');
    expect(second.topupTransactionId).toBe(first.topupTransactionId);
    expect((await orderLedger(database.db, orderId)).deliveries).toHaveLength(1);
  });

  it('200 concurrent calls for one order, from two server instances, deliver once and capture once', async () => {
    const { services, userId } = await setup();
    const counting = countingPayments(services.payments);
    const scripted = scriptedTopups(services.topups, []);
    const shared = { ...services, payments: counting.payments, topups: scripted.delivery };
    const instances = [createFulfilment(shared), createFulfilment(shared)];
    const { orderId } = await paidOrder(services, { userId });
    const results = await Promise.all(Array.from({ length: 200 }, (_, index) => instances[index % 2]!.fulfil(orderId, 'browser')));
    expect(scripted.sent).toHaveLength(1);
    // An instance that reads the order between the other's capture and its completion captures again with the same
    // key, which the provider (Stripe, and the sandbox like it) answers by replaying the first capture.
    expect(new Set(counting.captureKeys).size).toBe(1);
    // The instance that lost the claim answers what it read then: the order on its way, never a failure.
    for (const result of results) expect(['authorised', 'delivering', 'delivered', 'completed']).toContain(result.status);
    const { order, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('completed');
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: order.totalCents });
  });

  it('a call that read the order before another instance completed it answers the recorded result', async () => {
    const { services, userId, fulfilment } = await setup();
    const { orderId } = await paidOrder(services, { userId });
    const [readBefore] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect((await fulfilment.fulfil(orderId, 'webhook')).status).toBe('completed');
    // The intent is captured now, so it is no longer requires_capture: the order's record decides, not the intent.
    const late = await createFulfilment(services).fulfil(orderId, 'browser', readBefore);
    expect(late.status).toBe('completed');
    expect((await orderLedger(database.db, orderId)).deliveries).toHaveLength(1);
  });

  it('refuses to deliver an order whose payment is not authorised, and charges nothing', async () => {
    const { services, userId, fulfilment } = await setup();
    const { orderId } = await paidOrder(services, { userId, pay: false });
    await expect(fulfilment.fulfil(orderId, 'browser')).rejects.toBeInstanceOf(PaymentNotAuthorisedError);
    const { order, deliveries, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('created');
    expect(deliveries).toHaveLength(0);
    expect(intent!.status).toBe('requires_payment_method');
  });

  it('refuses an authorisation for another amount than the order total and releases it', async () => {
    const { services, userId, fulfilment } = await setup();
    const { orderId, paymentIntentId } = await paidOrder(services, { userId });
    // Someone altered the intent's amount at the provider: the order must not be delivered against it.
    await database.db.update(sandboxPaymentIntents).set({ amount: 1 }).where(eq(sandboxPaymentIntents.id, paymentIntentId));
    const order = await fulfilment.fulfil(orderId, 'browser');
    expect(order.status).toBe('canceled');
    expect(order.failureCode).toBe('AUTHORISATION_MISMATCH');
    const { deliveries, intent } = await orderLedger(database.db, orderId);
    expect(deliveries).toHaveLength(0);
    expect(intent!.status).toBe('canceled');
  });

  it('refuses an intent that belongs to another order', async () => {
    const { services, userId, fulfilment } = await setup();
    const mine = await paidOrder(services, { userId });
    const other = await paidOrder(services, { userId: await insertTestUser(database.db), phone: '08031234568' });
    // Point my order at the other user's authorised intent.
    await database.db.update(orders).set({ paymentIntentId: null }).where(eq(orders.id, other.orderId));
    await database.db.update(orders).set({ paymentIntentId: other.paymentIntentId }).where(eq(orders.id, mine.orderId));
    const order = await fulfilment.fulfil(mine.orderId, 'browser');
    expect(order.status).toBe('canceled');
    expect((await orderLedger(database.db, mine.orderId)).deliveries).toHaveLength(0);
  });

  it.each([
    ['FAILED', SANDBOX_NUMBERS.failed, 'TOPUP_FAILED'],
    ['REFUNDED', SANDBOX_NUMBERS.refunded, 'TOPUP_REFUNDED'],
    ['a rejection', SANDBOX_NUMBERS.rejected, 'INVALID_RECIPIENT_PHONE'],
  ])('a top-up that ends %s cancels the authorisation: nothing is charged', async (_outcome, phone, code) => {
    const { services, userId, fulfilment } = await setup();
    const { orderId } = await paidOrder(services, { userId, phone });
    const order = await fulfilment.fulfil(orderId, 'browser');
    expect(order.status).toBe('canceled');
    expect(order.failureCode).toBe(code);
    const { intent, events } = await orderLedger(database.db, orderId);
    expect(intent!.status).toBe('canceled');
    expect(intent!.amountReceived).toBe(0);
    expect(events.map((event) => event.toStatus)).toEqual(['created', 'authorised', 'delivering', 'delivery_failed', 'canceled']);
  });

  it('PROCESSING then SUCCESSFUL: the card is captured only once the top-up succeeded', async () => {
    const { services, userId, fulfilment, advance } = await setup();
    const { orderId } = await paidOrder(services, { userId, phone: SANDBOX_NUMBERS.processing });
    const pending = await fulfilment.fulfil(orderId, 'browser');
    expect(pending.status).toBe('delivery_pending');
    expect((await orderLedger(database.db, orderId)).intent!.status).toBe('requires_capture');
    advance(CHECK_DELAYS_MS.processing);
    expect((await fulfilment.refresh(orderId)).status).toBe('delivery_pending');
    advance(CHECK_DELAYS_MS.processing);
    await reconcileDueOrders(services, fulfilment);
    const { order, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('completed');
    expect(intent!.status).toBe('succeeded');
  });

  it('a lost answer is looked up by customIdentifier, never sent twice, and then captured', async () => {
    const { services, userId, fulfilment, advance } = await setup();
    const scripted = scriptedTopups(services.topups, []);
    services.topups = scripted.delivery;
    const recovered = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId, phone: SANDBOX_NUMBERS.answerLost });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
    expect((await orderLedger(database.db, orderId)).intent!.status).toBe('requires_capture');
    advance(CHECK_DELAYS_MS.unknownOutcome);
    await reconcileDueOrders(services, recovered);
    const { order, deliveries, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('completed');
    expect(deliveries).toHaveLength(1);
    expect(scripted.sent).toHaveLength(0);
    expect(intent!.status).toBe('succeeded');
  });

  it('a timeout with nothing delivered is sent again only after the resend delay, with the same identifier', async () => {
    const { services, userId, advance } = await setup();
    const timeout = () => Promise.reject(new TopupProviderError('timed out', { code: 'UPSTREAM_UNAVAILABLE', status: 502, retryable: true }));
    const scripted = scriptedTopups(services.topups, [timeout]);
    services.topups = scripted.delivery;
    const fulfilment = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
    advance(CHECK_DELAYS_MS.unknownOutcome);
    await reconcileDueOrders(services, fulfilment);
    expect(scripted.sent).toHaveLength(1);
    advance(RESEND_AFTER_MS);
    await reconcileDueOrders(services, fulfilment);
    expect(scripted.sent).toHaveLength(2);
    expect(scripted.sent[1]!.customIdentifier).toBe(scripted.sent[0]!.customIdentifier);
    expect((await orderLedger(database.db, orderId)).order.status).toBe('completed');
  });

  it('a 5xx from the top-up provider never leads to a capture without delivery', async () => {
    const { services, userId, advance } = await setup();
    const serverError = () => Promise.reject(new TopupProviderError('Internal error', { code: 'UPSTREAM_ERROR', status: 500, retryable: true }));
    const counting = countingPayments(services.payments);
    services.payments = counting.payments;
    services.topups = scriptedTopups(services.topups, [serverError, serverError]).delivery;
    const fulfilment = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId, phone: SANDBOX_NUMBERS.failed });
    await fulfilment.fulfil(orderId, 'browser');
    expect(counting.calls.capture).toBe(0);
    for (let round = 0; round < 6; round++) {
      advance(RESEND_AFTER_MS);
      await reconcileDueOrders(services, fulfilment);
    }
    const { order, intent } = await orderLedger(database.db, orderId);
    expect(counting.calls.capture).toBe(0);
    expect(order.status).toBe('canceled');
    expect(intent!.status).toBe('canceled');
  });

  it('an order left in delivering by a crash is finished from the provider’s record', async () => {
    const { services, userId, advance } = await setup();
    const { orderId, paymentIntentId } = await paidOrder(services, { userId });
    const at = services.now();
    await transition(database.db, { orderId, from: ['created'], to: 'authorised', source: 'browser', patch: { authorisedAt: at }, now: at });
    const claimed = await transition(database.db, {
      orderId,
      from: ['authorised'],
      to: 'delivering',
      source: 'browser',
      patch: { claimedAt: at },
      now: at,
    });
    // The process sent the top-up and died before writing down the answer.
    await services.topups.sendTopup({
      operatorId: claimed!.operatorId,
      amount: claimed!.amountCents / 100,
      useLocalAmount: false,
      customIdentifier: claimed!.customIdentifier,
      recipientPhone: { countryCode: 'NG', number: claimed!.recipientPhone },
    });
    advance(CHECK_DELAYS_MS.delivering);
    await reconcileDueOrders(services, createFulfilment(services));
    const { order, deliveries, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('completed');
    expect(deliveries).toHaveLength(1);
    expect(intent!.id).toBe(paymentIntentId);
    expect(intent!.status).toBe('succeeded');
  });

  it('an authorised order whose browser went away is delivered by the reconciler', async () => {
    const { services, userId, fulfilment, advance } = await setup();
    const { orderId } = await paidOrder(services, { userId });
    advance(2 * 60 * 1000);
    await reconcileDueOrders(services, fulfilment);
    expect((await orderLedger(database.db, orderId)).order.status).toBe('completed');
  });

  describe('a destination switched off after checkout', () => {
    it.each([
      ['its country is disabled', async () => void (await database.db.update(countries).set({ enabled: false }).where(eq(countries.isoName, 'NG')))],
      [
        'its country on the blocked list',
        async (services: OrderServices) => {
          services.destinations = createDestinationSwitches(database.db, { provider: 'sandbox', blocked: ['NG'] });
        },
      ],
      [
        'its operator disabled',
        async (_services: OrderServices, operatorId: number) => {
          await database.db
            .insert(disabledOperators)
            .values({ provider: 'sandbox', operatorId, countryIso: 'NG', operatorName: 'MTN', reason: 'Failing', disabledAt: new Date() });
        },
      ],
    ] as const)('is not delivered when %s: the hold is released and nothing is charged', async (_case, switchOff) => {
      const { services, userId, fulfilment } = await setup();
      const counting = countingPayments(services.payments);
      services.payments = counting.payments;
      const { orderId } = await paidOrder(services, { userId });
      const [paid] = await database.db.select().from(orders).where(eq(orders.id, orderId));
      await switchOff(services, paid!.operatorId);
      services.destinations.drop();

      const order = await fulfilment.fulfil(orderId, 'browser');
      expect(order).toMatchObject({ status: 'canceled', failureCode: 'DESTINATION_UNAVAILABLE' });
      const { intent, deliveries, events } = await orderLedger(database.db, orderId);
      expect(deliveries).toEqual([]);
      expect(counting.calls.capture).toBe(0);
      expect(intent!.status).toBe('canceled');
      expect(events.map((event) => event.toStatus)).toEqual(['created', 'authorised', 'canceled']);
    });

    it('a top-up whose first send is unknown to the provider is not sent again: a person settles it', async () => {
      const { services, userId, advance } = await setup();
      const timeout = () => Promise.reject(new TopupProviderError('timed out', { code: 'UPSTREAM_UNAVAILABLE', status: 502, retryable: true }));
      const scripted = scriptedTopups(services.topups, [timeout]);
      services.topups = scripted.delivery;
      const fulfilment = createFulfilment(services);
      const { orderId } = await paidOrder(services, { userId });
      expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
      await database.db.update(countries).set({ enabled: false }).where(eq(countries.isoName, 'NG'));
      services.destinations.drop();
      advance(RESEND_AFTER_MS);
      await reconcileDueOrders(services, fulfilment);
      expect(scripted.sent).toHaveLength(1);
      const { order, intent } = await orderLedger(database.db, orderId);
      expect(order).toMatchObject({ status: 'delivery_pending', attentionReason: ATTENTION_REASONS.destinationUnavailable });
      expect(intent!.status).toBe('requires_capture');
    });
  });

  it('an order never paid is expired after 30 minutes and its intent cancelled', async () => {
    const { services, userId, fulfilment, advance } = await setup();
    const { orderId } = await paidOrder(services, { userId, pay: false });
    advance(2 * 60 * 1000);
    await reconcileDueOrders(services, fulfilment);
    expect((await orderLedger(database.db, orderId)).order.status).toBe('created');
    advance(PAYMENT_WINDOW_MS);
    await reconcileDueOrders(services, fulfilment);
    const { order, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('expired');
    expect(intent!.status).toBe('canceled');
  });

  it('releases an authorisation held 24 hours for a top-up that was never sent', async () => {
    const { services, userId, advance } = await setup();
    const { orderId } = await paidOrder(services, { userId });
    // Authorised by one call whose process then stopped before sending anything.
    await transition(database.db, {
      orderId,
      from: ['created'],
      to: 'authorised',
      source: 'browser',
      now: services.now(),
      patch: { authorisedAt: services.now() },
    });
    advance(MAX_AUTHORISATION_MS);
    await reconcileDueOrders(services, createFulfilment(services));
    const { order, intent, deliveries } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('canceled');
    expect(intent!.status).toBe('canceled');
    expect(deliveries).toHaveLength(0);
  });

  it('an outcome still unknown at 24 hours goes to a person with the hold kept, and is captured when the answer comes', async () => {
    const { services, userId, advance } = await setup();
    let provider: 'PROCESSING' | 'SUCCESSFUL' = 'PROCESSING';
    const answer = (): Promise<TopupResult> => Promise.resolve({ ...bareTopupResult(provider), transactionId: '999', operatorName: 'MTN' });
    services.topups = { ...scriptedTopups(services.topups, [answer]).delivery, topupStatus: answer, findTopupByCustomIdentifier: answer };
    const fulfilment = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
    advance(MAX_AUTHORISATION_MS);
    await reconcileDueOrders(services, fulfilment);
    const flagged = await orderLedger(database.db, orderId);
    expect(flagged.order).toMatchObject({ status: 'delivery_pending', attentionReason: ATTENTION_REASONS.outcomeUnknownAtLimit });
    expect(flagged.intent!.status).toBe('requires_capture');
    expect(flagged.events.at(-1)).toMatchObject({
      fromStatus: 'delivery_pending',
      toStatus: 'delivery_pending',
      detail: { attention: ATTENTION_REASONS.outcomeUnknownAtLimit },
    });
    // The browser asking again changes nothing, and nothing is released on the next rounds either.
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
    advance(ATTENTION_RECHECK_MS);
    await reconcileDueOrders(services, fulfilment);
    expect((await orderLedger(database.db, orderId)).intent!.status).toBe('requires_capture');
    provider = 'SUCCESSFUL';
    advance(ATTENTION_RECHECK_MS);
    await reconcileDueOrders(services, fulfilment);
    const { order, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('completed');
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: order.totalCents });
  });

  it('a transaction the provider gave us but no longer knows is never sent again: a person checks it', async () => {
    const { services, userId, advance } = await setup();
    const processing = (): Promise<TopupResult> => Promise.resolve({ ...bareTopupResult('PROCESSING'), transactionId: '999' });
    const scripted = scriptedTopups(services.topups, [processing]);
    services.topups = { ...scripted.delivery, topupStatus: () => Promise.resolve(null), findTopupByCustomIdentifier: () => Promise.resolve(null) };
    const fulfilment = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId });
    await fulfilment.fulfil(orderId, 'browser');
    for (let round = 0; round < 3; round++) {
      advance(ATTENTION_RECHECK_MS);
      await reconcileDueOrders(services, fulfilment);
    }
    const { order, intent } = await orderLedger(database.db, orderId);
    expect(scripted.sent).toHaveLength(1);
    expect(order).toMatchObject({ status: 'delivery_pending', attentionReason: ATTENTION_REASONS.unknownTransaction });
    expect(intent!.status).toBe('requires_capture');
  });

  it('a delivered top-up whose reported amount differs from what we sent is not captured: a person checks it', async () => {
    const { services, userId, advance } = await setup();
    const counting = countingPayments(services.payments);
    services.payments = counting.payments;
    const otherAmount = async (request: TopupRequest): Promise<TopupResult> => ({
      ...(await scriptedTopups(services.topups, []).delivery.sendTopup(request)),
      requestedAmount: request.amount * 2,
    });
    services.topups = scriptedTopups(services.topups, [otherAmount]).delivery;
    const fulfilment = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivered');
    advance(ATTENTION_RECHECK_MS);
    await reconcileDueOrders(services, fulfilment);
    await fulfilment.fulfil(orderId, 'webhook');
    const { order, intent } = await orderLedger(database.db, orderId);
    expect(order).toMatchObject({ status: 'delivered', attentionReason: ATTENTION_REASONS.amountMismatch, nextCheckAt: null });
    expect(counting.calls.capture).toBe(0);
    expect(intent!.status).toBe('requires_capture');
  });

  it('a capture refused because the hold lapsed stops retrying and goes to a person', async () => {
    const { services, userId, advance } = await setup();
    let captures = 0;
    services.payments = {
      ...services.payments,
      capturePayment: () => {
        captures++;
        return Promise.reject(
          new PaymentProviderError('This PaymentIntent could not be captured because it has a status of canceled.', {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            status: 400,
            retryable: false,
            paymentStatus: 'released',
          }),
        );
      },
    };
    const fulfilment = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('capture_failed');
    for (let round = 0; round < 3; round++) {
      advance(ATTENTION_RECHECK_MS);
      await reconcileDueOrders(services, fulfilment);
    }
    const { order } = await orderLedger(database.db, orderId);
    expect(order).toMatchObject({ status: 'capture_failed', attentionReason: ATTENTION_REASONS.holdLapsed, nextCheckAt: null });
    expect(captures).toBe(1);
  });

  it("keeps a PIN product's PIN sealed on the order", async () => {
    const { services, userId, fulfilment } = await setup();
    const pinOperator = await services.operators.detectOperator('07304991234', 'GB');
    expect(pinOperator).toMatchObject({ name: 'EE PIN England', pin: true });
    const { orderId } = await paidOrder(services, { userId, phone: '07304991234', countryCode: 'GB' });
    const order = await fulfilment.fulfil(orderId, 'browser');
    expect(order.status).toBe('completed');
    const { deliveries } = await orderLedger(database.db, orderId);
    expect(order.pinDetailEncrypted).toBeTruthy();
    expect(order.pinDetailEncrypted).not.toContain(sandboxPin(deliveries[0]!).code!);
    expect(TEST_PIN_VAULT.open(order.pinDetailEncrypted!)).toEqual(sandboxPin(deliveries[0]!));
  });

  it('a number topped up in the last 2 minutes is refused when a second checkout for it is paid, before anything is sent', async () => {
    const { services, userId } = await setup();
    const otherUser = await insertTestUser(database.db);
    const scripted = scriptedTopups(services.topups, []);
    services.topups = scripted.delivery;
    const followed = createFulfilment(services);
    // Both checkouts were opened before either was paid, so both passed the check at their start.
    const first = await paidOrder(services, { userId });
    const second = await paidOrder(services, { userId: otherUser });
    expect((await followed.fulfil(first.orderId, 'browser')).status).toBe('completed');
    const refused = await followed.fulfil(second.orderId, 'browser');
    expect(refused).toMatchObject({ status: 'canceled', failureCode: 'RECIPIENT_RECENTLY_TOPPED_UP' });
    const { intent, events } = await orderLedger(database.db, second.orderId);
    expect(intent).toMatchObject({ status: 'canceled', amountReceived: 0 });
    expect(events.map((event) => event.toStatus)).toEqual(['created', 'canceled']);
    expect(scripted.sent).toHaveLength(1);
  });

  it('payments for one number authorised at the same moment, by different users, send one top-up and charge one card', async () => {
    const { services } = await setup();
    const scripted = scriptedTopups(services.topups, []);
    services.topups = scripted.delivery;
    const counting = countingPayments(services.payments);
    services.payments = counting.payments;
    const paid = [];
    for (let index = 0; index < 6; index++) paid.push(await paidOrder(services, { userId: await insertTestUser(database.db) }));
    // Every fulfilment reads its authorised intent, then waits for the others: the authorisations start together.
    const paying = services.payments;
    let arrived = 0;
    let allArrived!: () => void;
    const together = new Promise<void>((resolve) => (allArrived = resolve));
    services.payments = {
      ...paying,
      async getPayment(id) {
        const intent = await paying.getPayment(id);
        if (++arrived === paid.length) allArrived();
        await together;
        return intent;
      },
    };
    // Two instances' fulfilments, as the browser's call and the webhook of each order would run them.
    const instances = [createFulfilment(services), createFulfilment(services)];
    const settled = await Promise.all(paid.map(({ orderId }, index) => instances[index % 2]!.fulfil(orderId, index % 2 ? 'webhook' : 'browser')));
    expect(settled.filter((order) => order.status === 'completed')).toHaveLength(1);
    for (const order of settled.filter((candidate) => candidate.status !== 'completed')) {
      expect(order).toMatchObject({ status: 'canceled', failureCode: 'RECIPIENT_RECENTLY_TOPPED_UP' });
    }
    expect(scripted.sent).toHaveLength(1);
    expect(counting.calls).toEqual({ capture: 1, cancel: 5 });
  });

  describe('the 24-hour spending cap, checked again when a payment is authorised', () => {
    /** Checkouts started side by side, all paid before any is fulfilled: each passed the cap at its start. */
    async function paidCheckouts(count: number, ordersWithinLimit: number) {
      const kit = await setup();
      const counting = countingPayments(kit.services.payments);
      kit.services.payments = counting.payments;
      const paid = [];
      for (let index = 0; index < count; index++) paid.push(await paidOrder(kit.services, { userId: kit.userId, phone: `080312345${10 + index}` }));
      const [first] = await database.db.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, paid[0]!.orderId));
      // Room for `ordersWithinLimit` orders and part of one more.
      await saveServiceLimits(database.db, { dailySpendLimitCents: first!.totalCents * ordersWithinLimit + Math.floor(first!.totalCents / 2) });
      kit.services.limits.invalidate();
      return { ...kit, paid, calls: counting.calls, fulfilment: createFulfilment(kit.services) };
    }

    async function expectRefusedOverLimit(orderId: string) {
      const { order, intent, deliveries, events } = await orderLedger(database.db, orderId);
      expect(order).toMatchObject({ status: 'canceled', failureCode: 'DAILY_LIMIT_REACHED' });
      expect(order.failureMessage).toContain('nothing was charged');
      expect(intent!.status).toBe('canceled');
      expect(intent!.amountReceived).toBe(0);
      expect(deliveries).toHaveLength(0);
      expect(events.map((event) => event.toStatus)).toEqual(['created', 'canceled']);
    }

    it('an order paid after others used up the room is released, never delivered', async () => {
      const { paid, fulfilment, calls } = await paidCheckouts(3, 2);
      const statuses = [];
      for (const { orderId } of paid) statuses.push((await fulfilment.fulfil(orderId, 'browser')).status);
      expect(statuses).toEqual(['completed', 'completed', 'canceled']);
      await expectRefusedOverLimit(paid[2]!.orderId);
      expect(calls).toEqual({ capture: 2, cancel: 1 });
    });

    it('payments authorised at the same moment cannot together pass the cap', async () => {
      const { paid, fulfilment, calls } = await paidCheckouts(6, 3);
      const settled = await Promise.all(paid.map(({ orderId }) => fulfilment.fulfil(orderId, 'webhook')));
      const completed = settled.filter((order) => order.status === 'completed');
      expect(completed).toHaveLength(3);
      for (const order of settled.filter((candidate) => candidate.status !== 'completed')) await expectRefusedOverLimit(order.id);
      expect(calls).toEqual({ capture: 3, cancel: 3 });
    });

    it('orders that were not charged leave room under the cap', async () => {
      const { services, userId, paid, fulfilment } = await paidCheckouts(1, 1);
      await paidOrder(services, { userId, phone: SANDBOX_NUMBERS.failed }).then(({ orderId }) => fulfilment.fulfil(orderId, 'browser'));
      expect((await fulfilment.fulfil(paid[0]!.orderId, 'browser')).status).toBe('completed');
    });
  });

  it('two reconcilers running at once take different orders', async () => {
    const { services, advance } = await setup();
    const counting = countingPayments(services.payments);
    services.payments = counting.payments;
    const scripted = scriptedTopups(services.topups, []);
    services.topups = scripted.delivery;
    const phones = ['08031234501', '08031234502', '08031234503', '08031234504', '08031234505', '08031234506'];
    // One customer per order: authorising an order locks its customer's orders of the day (the daily cap), and a
    // reconciler skips locked rows, so with one customer the second reconciler may find nothing free until its next pass.
    for (const phone of phones) await paidOrder(services, { userId: await insertTestUser(database.db), phone });
    advance(2 * 60 * 1000);
    const [first, second] = await Promise.all([
      reconcileDueOrders(services, createFulfilment(services), 3),
      reconcileDueOrders(services, createFulfilment(services), 3),
    ]);
    expect(first + second).toBe(phones.length);
    expect(scripted.sent).toHaveLength(phones.length);
    expect(counting.calls.capture).toBe(phones.length);
  });

  it('a stopping reconciler finishes the order it holds, takes no other, and hands back the rest at once', async () => {
    const { services, advance } = await setup();
    const phones = ['08031234511', '08031234512', '08031234513', '08031234514'];
    const placed = [];
    for (const phone of phones) placed.push(await paidOrder(services, { userId: await insertTestUser(database.db), phone }));
    advance(2 * 60 * 1000);
    let looked = 0;
    const fulfilment = createFulfilment(services);
    const counted = {
      ...fulfilment,
      reconcile(id: string) {
        looked++;
        return fulfilment.reconcile(id);
      },
    };
    // Asked to stop while it holds its first order.
    expect(await reconcileDueOrders(services, counted, 25, () => looked >= 1)).toBe(1);
    const rows = await database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((order) => order.orderId),
        ),
      );
    expect(rows.filter((row) => row.status === 'completed')).toHaveLength(1);
    const handedBack = rows.filter((row) => row.status !== 'completed');
    expect(handedBack).toHaveLength(3);
    for (const row of handedBack) expect(row.nextCheckAt!.getTime()).toBeLessThanOrEqual(services.now().getTime());
    // Another instance takes them now, not when the lease would have ended.
    expect(await reconcileDueOrders(services, createFulfilment(services))).toBe(3);
  });

  describe('with the Reloadly adapter', () => {
    const reloadly = new FakeReloadly();
    beforeAll(() => reloadly.start());
    beforeEach(() => reloadly.reset());
    afterAll(() => reloadly.stop());

    async function withReloadly() {
      const kit = await setup();
      kit.services.topups = createReloadlyProvider({
        clientId: 'id',
        clientSecret: 'secret',
        sandbox: true,
        apiUrl: reloadly.baseUrl,
        authUrl: reloadly.baseUrl,
      });
      return { ...kit, fulfilment: createFulfilment(kit.services) };
    }
    const topupPosts = () => reloadly.apiRequests.filter((request) => request.method === 'POST' && request.url === '/topups');

    it('an answer without a status (as Reloadly recorded them) is followed up and captured, never released', async () => {
      const { services, userId, fulfilment } = await withReloadly();
      const counting = countingPayments(services.payments);
      const followed = createFulfilment({ ...services, payments: counting.payments });
      const { orderId } = await paidOrder(services, { userId });
      const pending = await followed.fulfil(orderId, 'browser');
      expect(pending).toMatchObject({ status: 'delivery_pending', topupTransactionId: '7000001', operatorTransactionId: 'OP-7000001' });
      expect(counting.calls.cancel).toBe(0);
      const order = await fulfilment.refresh(orderId);
      expect(order).toMatchObject({ status: 'completed', walletBalanceAfter: '115.8100', walletCurrencyCode: 'USD', providerDiscount: '0.3100' });
      expect(topupPosts()).toHaveLength(1);
      expect((await orderLedger(database.db, orderId)).intent!.status).toBe('succeeded');
    });

    it.each([
      ['a 200 it cannot read', TOPUP_NUMBERS.unreadable],
      ['a status value it does not know', TOPUP_NUMBERS.newStatus],
      ['a 500', TOPUP_NUMBERS.serverError],
    ])('after %s the top-up is looked up by its identifier and captured, never released or sent twice', async (_case, phone) => {
      const { services, userId, fulfilment, advance } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      await database.db.update(orders).set({ recipientPhone: phone }).where(eq(orders.id, orderId));
      expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
      for (let round = 0; round < 3; round++) {
        advance(CHECK_DELAYS_MS.unknownOutcome);
        await reconcileDueOrders(services, fulfilment);
      }
      const { order, intent } = await orderLedger(database.db, orderId);
      expect(order.status).toBe('completed');
      expect(intent!.status).toBe('succeeded');
      expect(topupPosts()).toHaveLength(1);
    });

    it('a report page it cannot read is retried, never taken for "not sent"', async () => {
      const { services, userId, fulfilment, advance } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      await database.db.update(orders).set({ recipientPhone: TOPUP_NUMBERS.unreadable }).where(eq(orders.id, orderId));
      await fulfilment.fulfil(orderId, 'browser');
      reloadly.unreadableReports = true;
      for (let round = 0; round < 3; round++) {
        advance(RESEND_AFTER_MS);
        await reconcileDueOrders(services, fulfilment);
      }
      expect(topupPosts()).toHaveLength(1);
      expect((await orderLedger(database.db, orderId)).order.status).toBe('delivery_pending');
      reloadly.unreadableReports = false;
      advance(RESEND_AFTER_MS * 4);
      await reconcileDueOrders(services, fulfilment);
      advance(CHECK_DELAYS_MS.processing);
      await reconcileDueOrders(services, fulfilment);
      expect((await orderLedger(database.db, orderId)).order.status).toBe('completed');
      expect(topupPosts()).toHaveLength(1);
    });

    it('warns when the wallet falls under the low balance', async () => {
      const { services, userId } = await withReloadly();
      const warnings: string[] = [];
      const fulfilment = createFulfilment({
        ...services,
        lowWalletBalance: 200,
        log: { ...services.log, warn: (_detail, message) => warnings.push(message) },
      });
      const { orderId } = await paidOrder(services, { userId });
      await fulfilment.fulfil(orderId, 'browser');
      expect(warnings).toContain('the top-up wallet balance is low');
    });

    it('TOKEN_EXPIRED during the top-up: a new token, one delivery, then the capture', async () => {
      const { services, userId, fulfilment } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      await services.topups.findTopupByCustomIdentifier('warm-up');
      reloadly.expireIssuedTokens();
      await fulfilment.fulfil(orderId, 'browser');
      const order = await fulfilment.refresh(orderId);
      expect(order.status).toBe('completed');
      expect(reloadly.tokenRequests).toHaveLength(2);
      expect(topupPosts()).toHaveLength(2);
      expect((topupPosts()[1]!.body as { customIdentifier: string }).customIdentifier).toBe(order.customIdentifier);
      expect((await orderLedger(database.db, orderId)).intent!.status).toBe('succeeded');
    });

    it('a token that keeps expiring never leads to a capture', async () => {
      const { services, userId, fulfilment, advance } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      reloadly.expireEveryToken = true;
      await fulfilment.fulfil(orderId, 'browser');
      for (let round = 0; round < 4; round++) {
        advance(RESEND_AFTER_MS);
        await reconcileDueOrders(services, fulfilment);
      }
      const { order, intent } = await orderLedger(database.db, orderId);
      expect(intent!.status).not.toBe('succeeded');
      expect(['delivery_pending', 'canceled']).toContain(order.status);
    });
  });
});
