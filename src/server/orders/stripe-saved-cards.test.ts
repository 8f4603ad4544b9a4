import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { savedPaymentMethods, user } from '../db/schema';
import { createStripePaymentProvider } from '../payments/stripe/stripe-provider';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, FakeStripe } from '../../../tests/fakes/stripe';
import { listSavedCards, removeSavedCard } from '../saved-cards/saved-cards';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { firstOffer, insertTestUser, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { startCheckout } from './checkout';
import { createFulfilment } from './fulfilment';

/** Saved cards with the Stripe adapter (ADR 063), against a local server that answers like Stripe. */
describe('saved cards with the Stripe adapter', () => {
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

  async function stripeServices() {
    const payments = createStripePaymentProvider({
      secretKey: FAKE_STRIPE_SECRET_KEY,
      publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      ...address,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const { services } = sandboxOrderServices(database.db, new Date(), { payments });
    return { services, payments, fulfilment: createFulfilment(services), userId: await insertTestUser(database.db) };
  }

  type Setup = Awaited<ReturnType<typeof stripeServices>>;
  let numbers = 0;

  async function checkout({ services, userId }: Setup, choice: { saveCard?: boolean; savedCardId?: string }, orderKey = randomUUID()) {
    const phone = `0803${5002000 + ++numbers}`;
    const { operator, amount } = await firstOffer(services, 'NG', phone);
    return startCheckout(services, {
      userId,
      accountEmail: 'payer@example.com',
      body: { amount, orderKey, operatorId: operator.operatorId, countryCode: 'NG', phone, ...choice },
    });
  }

  const posts = (path: RegExp) => stripe.requests.filter((request) => request.method === 'POST' && path.test(request.path));

  it('"save this card" makes a Customer once, asks the intent to keep the card on-session, and records the card once authorised', async () => {
    const setup = await stripeServices();
    const intent = await checkout(setup, { saveCard: true });
    const [customer] = posts(/^\/v1\/customers$/);
    expect(customer!.headers['idempotency-key']).toBe(`customer-${setup.userId}`);
    const [created] = posts(/^\/v1\/payment_intents$/);
    const customerId = (await database.db.select({ id: user.paymentCustomerId }).from(user).where(eq(user.id, setup.userId)))[0]!.id;
    expect(customerId).toMatch(/^cus_/);
    expect(created!.body).toMatchObject({ customer: customerId, setup_future_usage: 'on_session', capture_method: 'manual' });
    expect(intent.customerSessionClientSecret).toMatch(/^cuss_secret_/);

    stripe.authorise(intent.paymentIntentId);
    expect((await setup.fulfilment.fulfil(intent.orderId, 'browser')).status).toBe('completed');
    const [row] = await database.db.select().from(savedPaymentMethods);
    expect(row).toMatchObject({
      userId: setup.userId,
      provider: 'stripe',
      providerMethodId: stripe.intent(intent.paymentIntentId).payment_method,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      fingerprint: 'Xt5EWLLDS7FJjR1c',
    });

    await checkout(setup, { saveCard: true });
    expect(posts(/^\/v1\/customers$/)).toHaveLength(1);
  });

  it('pays with a saved card: the intent names the customer and the card; removing it detaches it and it can no longer pay', async () => {
    const setup = await stripeServices();
    const first = await checkout(setup, { saveCard: true });
    stripe.authorise(first.paymentIntentId);
    await setup.fulfilment.fulfil(first.orderId, 'browser');
    const [card] = await listSavedCards(database.db, setup.userId, 'stripe');
    const methodId = stripe.intent(first.paymentIntentId).payment_method!;

    const second = await checkout(setup, { savedCardId: card!.id });
    expect(stripe.intent(second.paymentIntentId)).toMatchObject({ payment_method: methodId, customer: expect.stringMatching(/^cus_/) });
    expect(stripe.intent(second.paymentIntentId).setup_future_usage).toBeNull();

    await removeSavedCard(database.db, setup.payments, setup.userId, card!.id, new Date());
    expect(posts(/^\/v1\/payment_methods\/.+\/detach$/).map((request) => request.path)).toEqual([`/v1/payment_methods/${methodId}/detach`]);
    expect(stripe.customers.detached.has(methodId)).toBe(true);
    await expect(checkout(setup, { savedCardId: card!.id })).rejects.toMatchObject({ code: 'SAVED_CARD_NOT_FOUND', kind: 'not_found' });
  });

  it('a retry of the same checkout that changes how to pay updates the unpaid intent instead of making another', async () => {
    const setup = await stripeServices();
    const paid = await checkout(setup, { saveCard: true });
    stripe.authorise(paid.paymentIntentId);
    await setup.fulfilment.fulfil(paid.orderId, 'browser');
    const [card] = await listSavedCards(database.db, setup.userId, 'stripe');

    const orderKey = randomUUID();
    const { services, userId } = setup;
    const { operator, amount } = await firstOffer(services, 'NG', SANDBOX_NUMBERS.successful);
    const body = { amount, orderKey, operatorId: operator.operatorId, countryCode: 'NG', phone: SANDBOX_NUMBERS.successful };
    const first = await startCheckout(services, { userId, accountEmail: 'payer@example.com', body: { ...body, saveCard: false } });
    stripe.declinePayment(first.paymentIntentId);
    const retry = await startCheckout(services, { userId, accountEmail: 'payer@example.com', body: { ...body, savedCardId: card!.id } });
    expect(retry.paymentIntentId).toBe(first.paymentIntentId);
    const [update] = posts(new RegExp(`^/v1/payment_intents/${first.paymentIntentId}$`));
    expect(update!.body).toMatchObject({ payment_method: stripe.intent(paid.paymentIntentId).payment_method, setup_future_usage: '' });
    expect(stripe.intentCount).toBe(2);
  });
});
