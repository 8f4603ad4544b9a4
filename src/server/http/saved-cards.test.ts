import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatePaymentIntentResponse } from '../../shared/api/orders';
import type { SavedCardListResponse } from '../../shared/api/saved-cards';
import { YOUR_DATA_PATHS } from '../../shared/api/your-data';
import { formatUsd, priceTopUp, toCents } from '../../shared/pricing';
import { buildApp } from '../app';
import { loadFeeConfig } from '../catalog/price-config';
import { attemptCounts, orders, sandboxPaymentMethods, savedPaymentMethods, user } from '../db/schema';
import { testConfig } from '../testing/app';
import { accountClient } from '../testing/accounts';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { GOOD_CARD } from '../testing/orders';

const PASSWORD = 'Lagos-to-Accra-2026';
const DECLINED_CARD = '4000000000000002';
let addressCounter = 0;

/** The rows of a raw statement's answer, whichever driver gave it (PGlite answers { rows }, postgres.js an array). */
function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

describe.each(TEST_DATABASE_KINDS)('saved cards on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = new Date('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database, now: () => clock, reconciler: false });
  });
  beforeEach(async () => {
    await database.reset();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function signedIn() {
    const client = accountClient(app, `198.51.100.${++addressCounter % 250}`);
    expect((await client.signUp(`${randomUUID()}@example.com`, PASSWORD)).statusCode).toBe(200);
    return client;
  }
  type Client = Awaited<ReturnType<typeof signedIn>>;

  let numbers = 0;
  /** The review of a delivering sandbox number's first amount, as the browser sends it; a new number each time (no cool-down). */
  async function reviewed() {
    const phone = `0803${5001000 + ++numbers}`;
    const detected = await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/NG` });
    const operator = detected.json().data;
    const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0] : 5;
    const price = priceTopUp(toCents(amount), await loadFeeConfig(database.db));
    return {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId as number,
      operatorName: operator.name as string,
      countryCode: 'NG',
      phone,
      orderKey: randomUUID(),
    };
  }

  async function checkout(client: Client, choice: { saveCard?: boolean; savedCardId?: string }, body?: Awaited<ReturnType<typeof reviewed>>) {
    const review = body ?? (await reviewed());
    const response = await client.post('/api/create-payment-intent', { ...review, ...choice });
    return { review, response, intent: response.json() as CreatePaymentIntentResponse };
  }

  const confirm = (client: Client, intent: CreatePaymentIntentResponse, paymentMethod: object) =>
    client.post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, paymentMethod });

  async function topUp(client: Client, review: Awaited<ReturnType<typeof reviewed>>, intent: CreatePaymentIntentResponse) {
    const answer = await client.post('/api/reloadly/topup', {
      operatorId: String(review.operatorId),
      amount: review.amount,
      useLocalAmount: false,
      customIdentifier: `topup-${Date.now()}`,
      recipientPhone: { countryCode: review.countryCode, number: review.phone },
      operatorName: review.operatorName,
      paymentIntentId: intent.paymentIntentId,
    });
    return answer;
  }

  /** Pays a top-up with the good test card, ticking "Save this card for next time"; answers the saved card. */
  async function payAndSave(client: Client) {
    const { review, intent, response } = await checkout(client, { saveCard: true });
    expect(response.statusCode, response.body).toBe(200);
    expect((await confirm(client, intent, GOOD_CARD)).statusCode).toBe(200);
    expect((await topUp(client, review, intent)).json().status).toBe('SUCCESSFUL');
    const { cards } = (await client.get('/api/user/payment-methods')).json<SavedCardListResponse>();
    expect(cards).toHaveLength(1);
    return cards[0]!;
  }

  it('a card saved when paying is listed by brand, last four digits and expiry, and its number is stored in no table', async () => {
    const client = await signedIn();
    const card = await payAndSave(client);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const [row] = await database.db.select().from(savedPaymentMethods);
    expect(row).toMatchObject({ provider: 'sandbox', providerMethodId: expect.stringMatching(/^pm_sandbox_/), fingerprint: expect.any(String) });

    const names = rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
      ),
    );
    expect(names.map((table) => table.name)).toContain('saved_payment_methods');
    for (const { name } of names) {
      const [dump] = rowsOf<{ text: string }>(
        await database.db.execute(sql`select coalesce(string_agg(t::text, ' '), '') as text from ${sql.identifier(name)} t`),
      );
      expect(dump!.text, name).not.toContain(GOOD_CARD.number);
    }
  });

  it('saving the same card again keeps one saved card; a payment not asked to save keeps none', async () => {
    const client = await signedIn();
    await payAndSave(client);
    await payAndSave(client);
    const { review, intent } = await checkout(client, {});
    await confirm(client, intent, { ...GOOD_CARD, number: '5555555555554444' });
    expect((await topUp(client, review, intent)).json().status).toBe('SUCCESSFUL');
    expect((await client.get('/api/user/payment-methods')).json<SavedCardListResponse>().cards).toHaveLength(1);
  });

  it('pays a second order with the saved card, its security code asked again', async () => {
    const client = await signedIn();
    const card = await payAndSave(client);
    const { review, intent, response } = await checkout(client, { savedCardId: card.id });
    expect(response.statusCode, response.body).toBe(200);
    const [sandboxCard] = await database.db.select().from(sandboxPaymentMethods);
    const wrongCode = await confirm(client, intent, { type: 'saved_card', paymentMethodId: sandboxCard!.id, cvc: '12' });
    expect(wrongCode.statusCode).toBe(402);
    expect(wrongCode.json()).toMatchObject({ error: { code: 'incorrect_cvc' } });
    expect((await confirm(client, intent, { type: 'saved_card', paymentMethodId: sandboxCard!.id, cvc: '123' })).statusCode).toBe(200);
    const result = await topUp(client, review, intent);
    expect(result.json().status, result.body).toBe('SUCCESSFUL');
    const [paid] = await database.db.select().from(orders).where(eq(orders.id, intent.orderId));
    expect(paid).toMatchObject({ paymentMethodBrand: 'visa', paymentMethodLast4: '4242' });
  });

  it("another customer's saved card is not found: 404 at checkout and on removal, and it stays theirs", async () => {
    const owner = await signedIn();
    const card = await payAndSave(owner);
    const other = await signedIn();
    const { response } = await checkout(other, { savedCardId: card.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'SAVED_CARD_NOT_FOUND', message: 'This saved card was not found. It may have been removed.' });
    expect((await other.delete(`/api/user/payment-methods/${card.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/user/payment-methods')).json<SavedCardListResponse>().cards).toEqual([]);
    expect((await owner.get('/api/user/payment-methods')).json<SavedCardListResponse>().cards).toHaveLength(1);
    // Nothing was made for the refused checkout: the owner's one order is all there is.
    expect(await database.db.select().from(orders)).toHaveLength(1);
  });

  it('a removed card cannot pay: a new checkout with it is 404, and a checkout that chose it before is refused at confirm', async () => {
    const client = await signedIn();
    const card = await payAndSave(client);
    const chosenBefore = await checkout(client, { savedCardId: card.id });
    expect(chosenBefore.response.statusCode).toBe(200);
    expect((await client.delete(`/api/user/payment-methods/${card.id}`)).statusCode).toBe(200);
    expect((await client.get('/api/user/payment-methods')).json<SavedCardListResponse>().cards).toEqual([]);
    expect((await client.delete(`/api/user/payment-methods/${card.id}`)).statusCode).toBe(404);

    expect((await checkout(client, { savedCardId: card.id })).response.statusCode).toBe(404);
    const [sandboxCard] = await database.db.select().from(sandboxPaymentMethods);
    expect(sandboxCard!.detachedAt).not.toBeNull();
    const refused = await confirm(client, chosenBefore.intent, { type: 'saved_card', paymentMethodId: sandboxCard!.id, cvc: '123' });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses a malformed card id with a message, and asks a visitor to sign in', async () => {
    const client = await signedIn();
    const bad = await checkout(client, { savedCardId: 'not-a-card' });
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.json().message).toMatch(/savedCardId/);
    expect((await client.delete('/api/user/payment-methods/not-a-card')).statusCode).toBe(404);
    const visitor = accountClient(app);
    expect((await visitor.get('/api/user/payment-methods')).statusCode).toBe(401);
    expect((await visitor.delete(`/api/user/payment-methods/${randomUUID()}`)).statusCode).toBe(401);
  });

  it('retries after a decline on the same checkout, changing how to pay, are not new checkouts: never 429, one order, counted once', async () => {
    const client = await signedIn();
    const card = await payAndSave(client);
    await database.db.delete(attemptCounts);
    const first = await checkout(client, {});
    expect(first.response.statusCode).toBe(200);
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await confirm(client, first.intent, { ...GOOD_CARD, number: DECLINED_CARD })).statusCode).toBe(402);
      const choice = attempt % 2 === 0 ? { savedCardId: card.id } : { saveCard: attempt % 4 === 1 };
      const retry = await checkout(client, choice, first.review);
      expect(retry.response.statusCode, retry.response.body).toBe(200);
      expect(retry.intent.paymentIntentId).toBe(first.intent.paymentIntentId);
    }
    expect(await database.db.select().from(orders).where(eq(orders.orderKey, first.review.orderKey))).toHaveLength(1);
    const counted = await database.db.select().from(attemptCounts);
    expect(counted.filter((row) => row.key.startsWith('checkout:user:')).map((row) => row.count)).toEqual([1]);
  });

  it('"Your data" lists the saved cards without their number, and deleting the account removes them', async () => {
    const client = await signedIn();
    await payAndSave(client);
    const exported = (await client.get(YOUR_DATA_PATHS.export)).json();
    expect(exported.savedCards).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 })]);
    expect(JSON.stringify(exported)).not.toContain(GOOD_CARD.number);
    const deleted = await client.post(YOUR_DATA_PATHS.delete, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await database.db.select().from(savedPaymentMethods)).toEqual([]);
    expect(await database.db.select().from(sandboxPaymentMethods)).toEqual([]);
    expect((await database.db.select({ customer: user.paymentCustomerId }).from(user)).map((row) => row.customer)).toEqual([null]);
  });
});
