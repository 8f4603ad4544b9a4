import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutFloor, poolQuery, type FloorQuery } from '../../../bench/checkout-floor';
import { parseFeeConfig, priceTopUp, formatUsd, toCents } from '../../shared/pricing';
import { orderEvents, orders, receiptOutbox, sandboxPaymentIntents, sandboxTopups, savedRecipients } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { saveServiceLimits } from '../testing/orders';

/** The checkout benchmark's floor is a fair one only if it does an order's whole work: these are the product's outcomes. */
describe.each(TEST_DATABASE_KINDS)('the checkout benchmark’s floor on %s', (kind) => {
  let database: TestDatabase;
  let send: FloorQuery;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
    send =
      kind === 'postgres'
        ? poolQuery(client as pg.Pool)
        : async ({ text, values }) => {
            const { rows } = await (client as PGlite).query(text, values);
            return { rows };
          };
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  it('places one order as the benchmark’s customers do: signed up, paid, delivered, captured, completed', async () => {
    const { app, statements } = createCheckoutFloor(send);
    const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'floor@example.com' } });
    expect(signUp.statusCode).toBe(200);
    const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
    const headers = { cookie, 'x-forwarded-for': '198.18.0.1' };

    const fees = parseFeeConfig((await app.inject({ method: 'GET', url: '/api/price-config' })).json());
    const price = priceTopUp(toCents('5'), fees);
    const before = statements();
    const checkout = {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: 341,
      countryCode: 'NG',
      phone: '08031234567',
      orderKey: randomUUID(),
    };
    const created = await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: checkout });
    expect(created.statusCode).toBe(200);
    const intent = created.json<{ paymentIntentId: string; clientSecret: string; orderId: string; totalAmount: string }>();
    expect(intent.totalAmount).toBe(formatUsd(price.totalCents));

    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/sandbox-payments/${intent.paymentIntentId}/confirm`,
      payload: { clientSecret: intent.clientSecret, paymentMethod: { type: 'card', number: '4242424242424242' } },
    });
    expect(confirmed.json()).toMatchObject({ paymentIntent: { status: 'requires_capture' } });

    const topup = { paymentIntentId: intent.paymentIntentId, recipientPhone: { countryCode: 'NG', number: '08031234567' } };
    const delivered = await app.inject({ method: 'POST', url: '/api/reloadly/topup', headers, payload: topup });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ status: 'SUCCESSFUL', orderId: intent.orderId });
    // The product's 9 statements of ADR 027 and its two session reads.
    expect(statements() - before).toBe(11);

    const [order] = await database.db.select().from(orders).where(eq(orders.id, intent.orderId));
    expect(order).toMatchObject({ status: 'completed', totalCents: price.totalCents, recipientPhone: '08031234567' });
    const [payment] = await database.db.select().from(sandboxPaymentIntents);
    expect(payment).toMatchObject({ id: intent.paymentIntentId, status: 'succeeded', amountReceived: price.totalCents });
    expect(await database.db.select().from(sandboxTopups)).toEqual([expect.objectContaining({ status: 'SUCCESSFUL' })]);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, intent.orderId));
    expect(events.map((event) => event.toStatus)).toEqual(['created', 'authorised', 'delivering', 'delivered', 'completed']);
    expect(await database.db.select().from(receiptOutbox)).toEqual([expect.objectContaining({ orderId: intent.orderId, kind: 'completed' })]);
    expect(await database.db.select().from(savedRecipients)).toHaveLength(1);

    // The same top-up call again takes no money twice; the same order key starts no second order.
    const again = await app.inject({ method: 'POST', url: '/api/reloadly/topup', headers, payload: topup });
    expect(again.statusCode).toBe(409);
    const retried = await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload: checkout });
    expect(retried.statusCode).toBe(409);
    expect(await database.db.select().from(sandboxPaymentIntents)).toHaveLength(1);
  });

  it('counts checkouts as the product does: the saved limit a minute per customer, the next refused', async () => {
    await saveServiceLimits(database.db, { checkoutAttemptsPerMinute: 4 });
    const { app } = createCheckoutFloor(send);
    const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'limits@example.com' } });
    const headers = { cookie: String(signUp.headers['set-cookie']).split(';')[0]!, 'x-forwarded-for': '198.18.0.2' };
    const statuses: number[] = [];
    for (const ending of ['11', '12', '13', '14', '15']) {
      const payload = { amount: '5.00', operatorId: 341, countryCode: 'NG', phone: `080312345${ending}`, orderKey: randomUUID() };
      statuses.push((await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers, payload })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('answers a top-up call without a session or for another customer’s payment with a refusal, sending nothing', async () => {
    const { app } = createCheckoutFloor(send);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/reloadly/topup',
      payload: { paymentIntentId: 'pi_unknown', recipientPhone: { countryCode: 'NG', number: '08031234567' } },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await database.db.select().from(sandboxTopups)).toEqual([]);
  });
});
