import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, sandboxPaymentIntents } from '../db/schema';
import { TEST_DATABASE_KINDS } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder, SANDBOX_NUMBERS } from '../testing/orders';
import { TopupProviderError } from '../topups/provider';
import { CHECK_DELAYS_MS, createFulfilment, PaymentNotAuthorisedError, PENDING_LOOKUPS, RESEND_AFTER_MS } from './fulfilment';
import { reconcileDueOrders } from './reconciler';
import { transition } from './state-machine';
import { countingPayments, paidOrderWhoseSendTimedOut, scriptedTopups, useFulfilmentDatabase } from '../testing/fulfilment';

describe.each(TEST_DATABASE_KINDS)('fulfilment on %s', (kind) => {
  const database = useFulfilmentDatabase(kind);
  const { setup } = database;

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
    await database.db.update(orders).set({ paymentId: null }).where(eq(orders.id, other.orderId));
    await database.db.update(orders).set({ paymentId: other.paymentIntentId }).where(eq(orders.id, mine.orderId));
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
    expect((await fulfilment.refresh(orderId)).status).toBe('delivery_pending');
    advance(PENDING_LOOKUPS.afterSendMs[0]!);
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
    advance(PENDING_LOOKUPS.afterSendMs[0]!);
    await reconcileDueOrders(services, recovered);
    const { order, deliveries, intent } = await orderLedger(database.db, orderId);
    expect(order.status).toBe('completed');
    expect(deliveries).toHaveLength(1);
    expect(scripted.sent).toHaveLength(0);
    expect(intent!.status).toBe('succeeded');
  });

  it('a timeout with nothing delivered is sent again only after the resend delay, with the same identifier', async () => {
    const kit = await setup();
    const { services, advance } = kit;
    const { scripted, fulfilment, orderId } = await paidOrderWhoseSendTimedOut(kit);
    advance(RESEND_AFTER_MS / 4);
    await fulfilment.refresh(orderId);
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
});
