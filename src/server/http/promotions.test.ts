import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PromotionListResponse } from '../../shared/api/promotions';
import { buildApp } from '../app';
import { countries, disabledOperators, operators } from '../db/schema';
import { testConfig } from '../testing/app';
import { accountClient } from '../testing/accounts';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import type { PromotionSource } from '../topups/provider';
import { createSandboxPromotions } from '../topups/sandbox/promotions';
import { PROMOTION_LISTS_PER_MINUTE_PER_ADDRESS } from './catalog';

const START = new Date('2026-11-22T10:15:30Z');
let addressCounter = 0;

describe('GET /api/promotions/:countryIsoCode', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = START;
  let providerCalls = 0;
  let mtnId: number;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const sandbox = createSandboxPromotions(database.db, { now: () => START });
    const counted: PromotionSource = {
      promotionsByCountry(countryIso) {
        providerCalls++;
        return sandbox.promotionsByCountry(countryIso);
      },
    };
    app = await buildApp({ config: testConfig(), database, reconciler: false, promotions: counted, now: () => clock });
    const [mtn] = await database.db
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.countryIso, 'NG'), eq(operators.name, 'MTN')));
    mtnId = mtn!.id;
  });
  beforeEach(async () => {
    clock = START;
    providerCalls = 0;
    await database.reset();
    app.dropCatalogueCaches();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const promotionsOf = async (country: string, address = `203.0.113.${++addressCounter % 250}`) => {
    const response = await app.inject({ method: 'GET', url: `/api/promotions/${country}`, remoteAddress: address });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as PromotionListResponse).promotions;
  };

  it("answers only the promotion running now, MTN Nigeria's double data, with the provider's texts and dates", async () => {
    expect(await promotionsOf('ng')).toEqual([
      {
        promotionId: 900_001,
        operatorId: mtnId,
        title: 'MTN Nigeria double data on $10 and more',
        title2: 'Double data',
        description: 'Top up USD 10 or more and the recipient gets double data for 30 days.',
        startsAt: '2026-11-21T00:00:00.000Z',
        endsAt: '2026-12-06T00:00:00.000Z',
        denominations: 'USD 10 and up',
        localDenominations: 'NGN 14600 and up',
      },
    ]);
    expect(await promotionsOf('GH')).toEqual([]);
  });

  it('stops showing a kept promotion at its end, and shows the one to come from its start, without asking the provider again', async () => {
    await promotionsOf('NG');
    const idsAt = async (at: string) => {
      clock = new Date(at);
      return (await promotionsOf('NG')).map((promotion) => promotion.promotionId);
    };
    expect(await idsAt('2026-11-28T23:59:59.999Z')).toEqual([900_001]);
    expect(await idsAt('2026-11-29T00:00:00.000Z')).toEqual([900_001, 900_003]);
    expect(await idsAt('2026-12-06T00:00:00.000Z')).toEqual([900_003]);
    expect(await idsAt('2026-12-13T00:00:00.000Z')).toEqual([]);
    expect(providerCalls).toBe(1);
  });

  it('leaves out the promotion of an operator an admin switched off, and refuses a switched-off country as its operators are', async () => {
    await database.db
      .insert(disabledOperators)
      .values({ provider: 'sandbox', operatorId: mtnId, countryIso: 'NG', operatorName: 'MTN', reason: 'test', disabledAt: new Date() });
    app.dropCatalogueCaches();
    expect(await promotionsOf('NG')).toEqual([]);
    await database.db.update(countries).set({ enabled: false }).where(eq(countries.isoName, 'NG'));
    app.dropCatalogueCaches();
    const refused = await app.inject({ method: 'GET', url: '/api/promotions/NG' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('refuses a code that is not a country with a 400 the page can show', async () => {
    for (const code of ['NGA', 'N1', '..%2F..']) {
      const response = await app.inject({ method: 'GET', url: `/api/promotions/${code}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('answers a signed-in customer what it answers a visitor, and sets no cookie', async () => {
    const client = accountClient(app, '198.51.100.77');
    expect((await client.signUp('promotions-reader@example.com', 'Lagos-to-Accra-2026')).statusCode).toBe(200);
    const signedIn = await client.get('/api/promotions/NG');
    const visitor = await app.inject({ method: 'GET', url: '/api/promotions/NG' });
    expect(signedIn.json()).toEqual(visitor.json());
    expect(visitor.headers['set-cookie']).toBeUndefined();
  });

  it('answers 429 past its limit per address, one after another and many at once, and other addresses still get theirs', async () => {
    const steady = '192.0.2.199';
    for (let call = 0; call < PROMOTION_LISTS_PER_MINUTE_PER_ADDRESS; call++) await promotionsOf('NG', steady);
    expect((await app.inject({ method: 'GET', url: '/api/promotions/NG', remoteAddress: steady })).statusCode).toBe(429);
    const address = '192.0.2.200';
    const answers = await Promise.all(
      Array.from({ length: PROMOTION_LISTS_PER_MINUTE_PER_ADDRESS + 5 }, () =>
        app.inject({ method: 'GET', url: '/api/promotions/NG', remoteAddress: address }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Sent at once they may all be refused (the counter is read after all have counted); never more than the limit pass.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(PROMOTION_LISTS_PER_MINUTE_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
    expect(new Set(statuses)).toEqual(new Set(statuses.filter((status) => status === 200 || status === 429)));
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(await promotionsOf('NG', '192.0.2.201')).toHaveLength(1);
  });
});
