import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDestinationSwitches } from '../catalog/destination-switches';
import { countries, disabledOperators, orders } from '../db/schema';
import { TEST_DATABASE_KINDS } from '../testing/databases';
import { orderLedger, paidOrder, TEST_PIN_VAULT } from '../testing/orders';
import { bareTopupResult, type TopupRequest, type TopupResult } from '../topups/provider';
import { PaymentProviderError } from '../payments/provider';
import { answerSandboxChallenge } from '../payments/sandbox/challenge';
import { sandboxPin } from '../topups/sandbox/topup-delivery';
import { ATTENTION_REASONS, ATTENTION_RECHECK_MS, createFulfilment, MAX_AUTHORISATION_MS, RESEND_AFTER_MS } from './fulfilment';
import { PAYMENT_WINDOW_MS, reconcileDueOrders } from './reconciler';
import type { OrderServices } from './services';
import { transition } from './state-machine';
import { countingPayments, paidOrderWhoseSendTimedOut, scriptedTopups, useFulfilmentDatabase } from '../testing/fulfilment';

describe.each(TEST_DATABASE_KINDS)('fulfilment: holds, limits of time and what goes to a person on %s', (kind) => {
  const database = useFulfilmentDatabase(kind);
  const { setup } = database;

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
      const kit = await setup();
      const { services, advance } = kit;
      const { scripted, fulfilment, orderId } = await paidOrderWhoseSendTimedOut(kit);
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

  it.each([
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000002', 'generic_decline'],
  ])('an order whose card %s was declined ends declined after 30 minutes, with the reason %s', async (number, reason) => {
    const { services, userId, fulfilment, advance } = await setup();
    const { orderId } = await paidOrder(services, { userId, card: { number } });
    advance(2 * 60 * 1000);
    await reconcileDueOrders(services, fulfilment);
    expect((await orderLedger(database.db, orderId)).order.status).toBe('created');
    advance(PAYMENT_WINDOW_MS);
    await reconcileDueOrders(services, fulfilment);
    const { order, intent, events } = await orderLedger(database.db, orderId);
    expect(order).toMatchObject({ status: 'declined', declineCode: reason, failureCode: 'PAYMENT_DECLINED' });
    expect(order.finishedAt).not.toBeNull();
    expect(events.at(-1)).toMatchObject({ fromStatus: 'created', toStatus: 'declined', detail: { declineCode: reason } });
    expect(intent!.status).toBe('canceled');
  });

  it('a failed 3-D Secure challenge ends declined as an authentication failure', async () => {
    const { services, userId, fulfilment, advance } = await setup();
    const paid = await paidOrder(services, { userId, card: { number: '4000002760003184' } });
    await answerSandboxChallenge(database.db, paid.paymentIntentId, paid.clientSecret, 'fail', services.now());
    advance(PAYMENT_WINDOW_MS + 60 * 1000);
    await reconcileDueOrders(services, fulfilment);
    expect((await orderLedger(database.db, paid.orderId)).order).toMatchObject({
      status: 'declined',
      declineCode: 'payment_intent_authentication_failure',
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
    expect(order).toMatchObject({ status: 'expired', failureCode: 'PAYMENT_EXPIRED', declineCode: null });
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

  it("an outcome still unknown is looked up 2, 5, 15 and 30 minutes after the send, then hourly, until the hold's limit", async () => {
    const { services, userId, advance } = await setup();
    let lookups = 0;
    const processing = (): Promise<TopupResult> => Promise.resolve({ ...bareTopupResult('PROCESSING'), transactionId: '999' });
    const lookUp = () => {
      lookups += 1;
      return processing();
    };
    services.topups = { ...scriptedTopups(services.topups, [processing]).delivery, topupStatus: lookUp, findTopupByCustomIdentifier: lookUp };
    const fulfilment = createFulfilment(services);
    const { orderId } = await paidOrder(services, { userId });
    const pending = await fulfilment.fulfil(orderId, 'browser');
    expect(pending.status).toBe('delivery_pending');
    const sentAt = pending.claimedAt!.getTime();
    const minutes = (at: Date) => (at.getTime() - sentAt) / 60_000;
    const planned = [minutes(pending.nextCheckAt!)];
    let order = pending;
    while (!order.attentionReason && planned.length < 40) {
      advance(order.nextCheckAt!.getTime() - services.now().getTime());
      await reconcileDueOrders(services, fulfilment);
      order = (await orderLedger(database.db, orderId)).order;
      planned.push(minutes(order.nextCheckAt!));
    }
    const hourly = Array.from({ length: 24 }, (_, hour) => 90 + hour * 60);
    expect(planned).toEqual([2, 5, 15, 30, ...hourly, 24 * 60 + 90]);
    expect(lookups).toBe(planned.length - 1);
    expect(minutes(services.now())).toBe(24 * 60 + 30);
    expect(order).toMatchObject({ status: 'delivery_pending', attentionReason: ATTENTION_REASONS.outcomeUnknownAtLimit });
    expect((await orderLedger(database.db, orderId)).intent!.status).toBe('requires_capture');
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
});
