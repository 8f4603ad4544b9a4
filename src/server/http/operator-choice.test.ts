import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperatorInfo, OperatorListResponse } from '../../shared/api/catalog';
import { formatUsd, priceTopUp, toCents } from '../../shared/pricing';
import { buildApp } from '../app';
import { loadFeeConfig } from '../catalog/price-config';
import { disabledOperators, orders, sandboxPaymentIntents } from '../db/schema';
import { testConfig } from '../testing/app';
import { accountClient } from '../testing/accounts';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';

/** A Nigerian number no operator's prefix matches: detection finds none (ADR 055). */
const UNDETECTED = '07001234567';
let addressCounter = 0;

describe.each(TEST_DATABASE_KINDS)('choosing the operator on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database, reconciler: false });
  });
  beforeEach(async () => {
    await database.reset();
    app.dropCatalogueCaches();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const operatorsOf = async (country: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/operators/${country}` });
    expect(response.statusCode, response.body).toBe(200);
    // What the provider keeps back is the server's own figure (the money desk's), never the customer's.
    expect(response.body).not.toMatch(/commission/i);
    return (response.json() as OperatorListResponse).operators;
  };

  async function signedIn() {
    const client = accountClient(app, `198.51.100.${++addressCounter % 250}`);
    expect((await client.signUp(`${randomUUID()}@example.com`, 'Lagos-to-Accra-2026')).statusCode).toBe(200);
    return client;
  }

  async function checkoutBody(
    operator: Pick<OperatorInfo, 'operatorId' | 'denominationType' | 'fixedAmounts'>,
    extra: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : 5;
    const price = priceTopUp(toCents(amount), await loadFeeConfig(database.db));
    return {
      amount: formatUsd(price.amountCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId,
      countryCode: 'NG',
      phone: UNDETECTED,
      orderKey: randomUUID(),
      ...extra,
    };
  }

  it('lists the operators a country is served by, with their names, logos and kinds, and leaves switched-off ones out', async () => {
    const listed = await operatorsOf('ng');
    expect(listed.length).toBeGreaterThan(1);
    const mtn = listed.find((operator) => operator.name.startsWith('MTN'))!;
    expect(mtn).toMatchObject({ country: { isoName: 'NG' }, senderCurrencyCode: 'USD' });
    for (const operator of listed) {
      expect(operator).toEqual(expect.objectContaining({ name: expect.any(String), pin: expect.any(Boolean), data: expect.any(Boolean) }));
      expect(operator).toHaveProperty('logoUrl');
    }

    await database.db
      .insert(disabledOperators)
      .values({ provider: 'sandbox', operatorId: mtn.operatorId, countryIso: 'NG', operatorName: mtn.name, reason: 'test', disabledAt: new Date() });
    app.dropCatalogueCaches();
    expect((await operatorsOf('NG')).map((operator) => operator.operatorId)).not.toContain(mtn.operatorId);
  });

  it('refuses a country that is not served, and a malformed code', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/operators/ZZ' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/operators/NGA' })).statusCode).toBe(400);
  });

  it('a number detection cannot place is topped up with the operator the customer chose, the order keeping both', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${UNDETECTED}/NG` })).statusCode).toBeGreaterThanOrEqual(400);
    const mtn = (await operatorsOf('NG')).find((operator) => operator.name.startsWith('MTN'))!;
    const client = await signedIn();
    const chosen = await client.post('/api/create-payment-intent', await checkoutBody(mtn));
    expect(chosen.statusCode, chosen.body).toBe(200);
    const other = (await operatorsOf('NG')).find((operator) => operator.operatorId !== mtn.operatorId)!;
    const changed = await client.post('/api/create-payment-intent', await checkoutBody(other, { detectedOperatorId: mtn.operatorId }));
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = await database.db.select().from(orders);
    expect(rows.map((row) => [row.operatorId, row.detectedOperatorId]).sort()).toEqual(
      [
        [mtn.operatorId, null],
        [other.operatorId, mtn.operatorId],
      ].sort(),
    );
  });

  it('refuses an operator of another country, a switched-off one or an unknown one with 400 naming it, and holds nothing', async () => {
    const ghana = (await operatorsOf('GH'))[0]!;
    const nigeria = (await operatorsOf('NG'))[0]!;
    await database.db.insert(disabledOperators).values({
      provider: 'sandbox',
      operatorId: nigeria.operatorId,
      countryIso: 'NG',
      operatorName: nigeria.name,
      reason: 'test',
      disabledAt: new Date(),
    });
    app.dropCatalogueCaches();
    const client = await signedIn();
    const cases: Array<[number, string]> = [
      [ghana.operatorId, 'OPERATOR_NOT_FOUND'],
      [nigeria.operatorId, 'OPERATOR_UNAVAILABLE'],
      [987654321, 'OPERATOR_NOT_FOUND'],
    ];
    for (const [operatorId, code] of cases) {
      const refused = await client.post('/api/create-payment-intent', await checkoutBody({ ...nigeria, operatorId }));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code, field: 'operatorId', details: { operatorId } });
    }
    expect(await database.db.select().from(orders)).toEqual([]);
    expect(await database.db.select().from(sandboxPaymentIntents)).toEqual([]);
  });

  it('the total an amount card shows is the server’s for every amount of fixed and range operators and bundles', async () => {
    const fees = await loadFeeConfig(database.db);
    const cases: Array<[string, string, (operator: OperatorInfo) => boolean]> = [
      ['NG', '08031234567', (operator) => operator.denominationType === 'FIXED' && !operator.bundle],
      ['NG', '08051234567', (operator) => operator.denominationType === 'RANGE'],
      ['HT', '37999123', (operator) => operator.bundle],
    ];
    for (const [country, phone, kindOf] of cases) {
      const operator = (await operatorsOf(country)).find(kindOf)!;
      expect(operator, country).toBeDefined();
      // The cards' amounts (shared/operator-amounts.ts offers these), and a custom amount for a range operator.
      const offered = operator.denominationType === 'FIXED' ? operator.fixedAmounts : [...operator.suggestedAmounts, 12.34];
      // The first, the last and one between (the checkout limits count every attempt, so each has its customer).
      for (const amount of new Set([offered[0]!, offered[Math.floor(offered.length / 2)]!, offered.at(-1)!])) {
        const client = await signedIn();
        // What the card shows as "Total": the same priceTopUp the review uses.
        const card = priceTopUp(toCents(amount), fees);
        const body = { amount: formatUsd(card.amountCents), totalAmount: formatUsd(card.totalCents), fee: formatUsd(card.serviceFeeCents) };
        const answer = await client.post('/api/create-payment-intent', {
          ...body,
          operatorId: operator.operatorId,
          countryCode: country,
          phone,
          orderKey: randomUUID(),
        });
        expect(answer.statusCode, `${country} ${amount}: ${answer.body}`).toBe(200);
        expect(answer.json()).toMatchObject({ totalAmount: body.totalAmount, fee: body.fee });
      }
    }
  });
});
