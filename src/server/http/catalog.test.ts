import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, OperatorInfo } from '../../shared/api/catalog';
import { buildApp } from '../app';
import { priceConfig } from '../db/schema';
import { testConfig } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { TopupProviderError, type OperatorDirectory } from '../topups/provider';

describe.each(TEST_DATABASE_KINDS)('catalog API on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('GET /api/countries', () => {
    it('serves every country in the docs/product.md §3 shape, over 150 of them enabled', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/countries' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const list: Country[] = response.json();
      expect(list.filter((country) => country.enabled).length).toBeGreaterThan(150);
      expect(list.find((country) => country.iso_name === 'NG')).toEqual({
        id: expect.any(Number),
        name: 'Nigeria',
        iso_name: 'NG',
        flag: '/flags/ng.svg',
        enabled: true,
        calling_codes: ['234'],
      });
      const names = list.map((country) => country.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('sends the list compressed to clients that accept it', async () => {
      const plain = await app.inject({ method: 'GET', url: '/api/countries' });
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const response = await app.inject({ method: 'GET', url: '/api/countries', headers: { 'accept-encoding': `${encoding}, deflate` } });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toBe('Accept-Encoding');
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
      }
    });

    it('answers 304 to a request that already has the current list', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/countries' });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const second = await app.inject({ method: 'GET', url: '/api/countries', headers: { 'if-none-match': etag } });
      expect(second.statusCode).toBe(304);
      expect(second.body).toBe('');
    });
  });

  describe('flags', () => {
    it('serves a flag by lowercase code with a year-long cache, and a JSON 404 for an unknown one', async () => {
      const flag = await app.inject({ method: 'GET', url: '/flags/ng.svg' });
      expect(flag.statusCode).toBe(200);
      expect(flag.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(flag.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const missing = await app.inject({ method: 'GET', url: '/flags/zz.svg' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ success: false });
    });
  });

  describe('price config', () => {
    it('answers the seeded fees as numbers, and the defaults', async () => {
      expect((await app.inject({ method: 'GET', url: '/api/price-config' })).json()).toEqual({ airtime_fee: 0.03, standard_fee: 0.33 });
      expect((await app.inject({ method: 'GET', url: '/api/price-config/defaults' })).json()).toEqual({
        DEFAULT_AIRTIME_FEE: 0.03,
        DEFAULT_STANDARD_FEE: 0.33,
      });
    });

    it('reflects a changed fee at once', async () => {
      await database.db.update(priceConfig).set({ value: '0.0450' }).where(eq(priceConfig.key, 'airtime_fee'));
      try {
        expect((await app.inject({ method: 'GET', url: '/api/price-config' })).json()).toEqual({ airtime_fee: 0.045, standard_fee: 0.33 });
      } finally {
        await database.reset();
      }
    });
  });

  describe('GET /api/reloadly/operator-detect/{phone}/{countryIsoCode}', () => {
    const detect = (phone: string, iso: string) =>
      app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/${iso}`, headers: { accept: 'application/json' } });

    it('detects MTN for a Nigerian 0803 number, with its amounts', async () => {
      const response = await detect('08031234567', 'NG');
      expect(response.statusCode).toBe(200);
      const { success, data } = response.json() as { success: boolean; data: OperatorInfo };
      expect(success).toBe(true);
      expect(data).toMatchObject({
        name: 'MTN',
        senderCurrencyCode: 'USD',
        destinationCurrencyCode: 'NGN',
        country: { isoName: 'NG', name: 'Nigeria' },
      });
      expect(data.suggestedAmounts.length).toBeGreaterThan(0);
      for (const amount of data.suggestedAmounts) expect(data.suggestedAmountsMap[String(amount)]).toBeGreaterThan(0);
    });

    it("never tells the customer the operator's commission", async () => {
      const response = await detect('08031234567', 'NG');
      expect(response.statusCode).toBe(200);
      expect(response.json<{ data: Record<string, unknown> }>().data).not.toHaveProperty('commissionPercent');
      expect(response.body).not.toMatch(/commission/i);
    });

    it('accepts a lowercase country code', async () => {
      expect((await detect('8031234567', 'ng')).statusCode).toBe(200);
    });

    it.each([
      ['123', 'IN', 'Phone number must be at least 10 digits. Current: 3 digits', 'phone.tooShort', { min: 10, current: 3 }],
      ['98123456789', 'IN', 'Phone number cannot exceed 10 digits. Current: 11 digits', 'phone.tooLong', { max: 10, current: 11 }],
      [
        '1234567890',
        'IN',
        'Invalid phone number format. Expected format: 10 digits (e.g., 9876543210)',
        'phone.invalidFormat',
        { format: '10 digits (e.g., 9876543210)' },
      ],
      [
        '812345678',
        'ET',
        'Invalid phone number format. Expected format: 9 digits (e.g., 911234567)',
        'phone.invalidFormat',
        { format: '9 digits (e.g., 911234567)' },
      ],
    ])('refuses %s for %s with 400 and the rule it breaks, with its key and values', async (phone, iso, message, messageKey, messageParams) => {
      const response = await detect(phone, iso);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message, code: 'INVALID_PHONE_NUMBER', field: 'phone', messageKey, messageParams });
    });

    it.each([
      ['abc123', 'NG'],
      ['08031234567', 'NGA'],
      ['08031234567', '12'],
    ])('refuses a malformed phone or country (%s, %s) with 400 and a message', async (phone, iso) => {
      const response = await detect(phone, iso);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
      expect(response.json().message.length).toBeGreaterThan(10);
    });

    it('refuses a country the service does not serve with 400', async () => {
      const response = await detect('12345678', 'ZZ');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'COUNTRY_NOT_SUPPORTED' });
    });

    it('answers 404 with a message for a number no operator serves', async () => {
      const response = await detect('7001234567', 'NG');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: 'Could not auto detect operator for given phone number',
        code: 'COULD_NOT_AUTO_DETECT_OPERATOR',
        messageKey: 'apiErrors.operatorNotDetected',
      });
    });
  });
});

describe('operator detection when the provider fails', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const failingDirectory: OperatorDirectory = {
    detectOperator: async () => {
      throw new TopupProviderError('connect ECONNREFUSED 10.0.0.1:443', { code: 'UPSTREAM_UNAVAILABLE', status: 502, retryable: true });
    },
    operatorsByCountry: async () => [],
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database, operators: failingDirectory });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 with a message the browser can show, not the upstream detail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/reloadly/operator-detect/08031234567/NG' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      success: false,
      message: 'Service temporarily unavailable. Please try again later.',
      code: 'UPSTREAM_UNAVAILABLE',
      messageKey: 'topup.result.errors.serviceUnavailable',
    });
  });
});
