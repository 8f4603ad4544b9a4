import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripePaymentProvider } from '../payments/stripe/stripe-provider';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripe,
  signWebhook,
  stripeEvent,
} from '../../../tests/fakes/stripe';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { firstOffer, insertTestUser, orderLedger, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { startCheckout } from './checkout';
import { createFulfilment } from './fulfilment';
import { DISPUTE_ATTENTION, handlePaymentEvent } from './payment-events';

/** The order code with the Stripe adapter, against a local server that answers like Stripe. */
describe('checkout with the Stripe adapter', () => {
  const stripe = new FakeStripe();
  let database: TestDatabase;
  let address: { host: string; port: number };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    address = await stripe.start();
  });
  beforeEach(async () => {
    stripe.reset();
    await database.reset();
  });
  afterAll(async () => {
    await stripe.close();
    await database.close();
  });

  async function stripeCheckout(phone: string = SANDBOX_NUMBERS.successful) {
    const payments = createStripePaymentProvider({
      secretKey: FAKE_STRIPE_SECRET_KEY,
      publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      ...address,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const { services } = sandboxOrderServices(database.db, new Date(), { payments });
    const userId = await insertTestUser(database.db);
    const { operator, amount } = await firstOffer(services, 'NG', phone);
    const intent = await startCheckout(services, {
      userId,
      accountEmail: 'payer@example.com',
      body: { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone },
    });
    return { services, intent, fulfilment: createFulfilment(services) };
  }

  const requestsTo = (suffix: string) => stripe.requests.filter((request) => request.method === 'POST' && request.path.endsWith(suffix));

  it('creates a manual-capture intent for the order total with an idempotency key, and captures after delivery', async () => {
    const { intent, fulfilment, services } = await stripeCheckout();
    const [created] = requestsTo('/v1/payment_intents');
    expect(created!.body).toMatchObject({ capture_method: 'manual', currency: 'usd', amount: String(Math.round(Number(intent.totalAmount) * 100)) });
    expect(created!.headers['idempotency-key']).toMatch(new RegExp(`^order-${intent.orderId}-`));
    stripe.authorise(intent.paymentIntentId);
    const order = await fulfilment.fulfil(intent.orderId, 'browser');
    expect(order.status).toBe('completed');
    expect(stripe.intent(intent.paymentIntentId).status).toBe('succeeded');
    expect(requestsTo('/capture')).toHaveLength(1);
    expect((await orderLedger(services.db, intent.orderId)).deliveries).toHaveLength(1);
  });

  it('a failed delivery cancels the Stripe authorisation', async () => {
    const { intent, fulfilment } = await stripeCheckout(SANDBOX_NUMBERS.failed);
    stripe.authorise(intent.paymentIntentId);
    expect((await fulfilment.fulfil(intent.orderId, 'browser')).status).toBe('canceled');
    expect(stripe.intent(intent.paymentIntentId).status).toBe('canceled');
    expect(requestsTo('/capture')).toHaveLength(0);
  });

  it('a signed payment_intent.amount_capturable_updated event fulfils the order; a replay changes nothing', async () => {
    const { intent, fulfilment, services } = await stripeCheckout();
    stripe.authorise(intent.paymentIntentId);
    const { rawBody, signature } = signWebhook(stripeEvent('payment_intent.amount_capturable_updated', stripe.intent(intent.paymentIntentId)));
    const event = services.payments.verifyWebhookEvent(Buffer.from(rawBody), signature);
    await handlePaymentEvent(services, fulfilment, event);
    await handlePaymentEvent(services, fulfilment, event);
    const { order, deliveries } = await orderLedger(services.db, intent.orderId);
    expect(order.status).toBe('completed');
    expect(deliveries).toHaveLength(1);
    expect(requestsTo('/capture')).toHaveLength(1);
  });

  it('an out-of-order canceled event for an authorised intent does not cancel a paid order', async () => {
    const { intent, fulfilment, services } = await stripeCheckout();
    stripe.authorise(intent.paymentIntentId);
    // The event says canceled, but the intent Stripe holds is authorised: the intent is what counts.
    const { rawBody, signature } = signWebhook(
      stripeEvent('payment_intent.canceled', { ...stripe.intent(intent.paymentIntentId), status: 'canceled' }),
    );
    await handlePaymentEvent(services, fulfilment, services.payments.verifyWebhookEvent(Buffer.from(rawBody), signature));
    expect((await orderLedger(services.db, intent.orderId)).order.status).toBe('completed');
  });

  it('a dispute whose payment_intent is null is traced through its charge to its order, which goes to a person', async () => {
    const { intent, fulfilment, services } = await stripeCheckout();
    stripe.authorise(intent.paymentIntentId);
    await fulfilment.fulfil(intent.orderId, 'browser');
    const charge = stripe.intent(intent.paymentIntentId).latest_charge!;
    // The bank opens it at Stripe; the event (whose dispute names only the charge) makes the order read it.
    const opened = stripe.disputes.open({ intentId: intent.paymentIntentId, chargeId: String(charge), amount: 500 });
    const dispute = { id: opened.id, object: 'dispute', amount: 500, charge, payment_intent: null, reason: 'fraudulent', status: 'needs_response' };
    const { rawBody, signature } = signWebhook(stripeEvent('charge.dispute.created', dispute));
    await handlePaymentEvent(services, fulfilment, services.payments.verifyWebhookEvent(Buffer.from(rawBody), signature));
    const { order, events } = await orderLedger(services.db, intent.orderId);
    expect(order).toMatchObject({ status: 'completed', attentionReason: DISPUTE_ATTENTION });
    expect(events.at(-1)!.detail).toMatchObject({ attention: DISPUTE_ATTENTION });
  });

  it('an event that names no intent or charge is logged, not dropped silently', async () => {
    const { fulfilment, services } = await stripeCheckout();
    const warnings: Array<Record<string, unknown>> = [];
    const logging = { ...services, log: { ...services.log, warn: (detail: Record<string, unknown>) => warnings.push(detail) } };
    const { rawBody, signature } = signWebhook(
      stripeEvent('charge.dispute.created', { id: 'dp_2', object: 'dispute', charge: null, payment_intent: null }),
    );
    await handlePaymentEvent(logging, fulfilment, services.payments.verifyWebhookEvent(Buffer.from(rawBody), signature));
    expect(warnings).toEqual([expect.objectContaining({ type: 'charge.dispute.created', paymentIntentId: null })]);
  });
});
