import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorInfo } from '../../../shared/api/catalog';
import { buildCatalog, specialProducts } from '../../catalog/build-catalog';
import { readCarrierPrefixes } from '../../catalog/carrier-data';
import { seedCatalog } from '../../catalog/seed-catalog';
import type { Database } from '../../db/client';
import { countries, operatorPrefixes, operators } from '../../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { type OperatorDirectory, TopupProviderError } from '../provider';
import { createSandboxOperatorDirectory } from './operator-directory';
import { rejectionOf } from '../../testing/rejections';

/** The carrier data's operator for the longest prefix of an Indian national number. */
function indianCarrierOf(nationalNumber: string): string | undefined {
  const prefixes = readCarrierPrefixes().get('91')!;
  for (let length = nationalNumber.length; length > 0; length--) {
    const name = prefixes.get(nationalNumber.slice(0, length));
    if (name) return name.trim();
  }
  return undefined;
}

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, TopupProviderError);

function expectConsistentAmounts(operator: OperatorInfo) {
  expect(Object.keys(operator.suggestedAmountsMap)).toEqual(operator.suggestedAmounts.map(String));
  for (const usd of operator.suggestedAmounts) {
    expect(operator.suggestedAmountsMap[String(usd)]).toBe(Math.round(usd * operator.fxRate! * 100) / 100);
  }
  if (operator.denominationType === 'FIXED') {
    expect(operator).toMatchObject({ minAmount: null, maxAmount: null, fixedAmounts: operator.suggestedAmounts });
    expect(operator.localFixedAmounts).toEqual(operator.suggestedAmounts.map((usd) => operator.suggestedAmountsMap[String(usd)]));
  } else {
    expect(operator).toMatchObject({ minAmount: 1, maxAmount: 100, fixedAmounts: [], localFixedAmounts: [] });
  }
}

describe.each(TEST_DATABASE_KINDS)('sandbox operator directory on %s', (kind) => {
  let database: TestDatabase;
  let directory: OperatorDirectory;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    directory = createSandboxOperatorDirectory(database.db);
  });
  afterAll(() => database.close());

  it.each(['08031234567', '8031234567', '2348031234567', '+234 803 123 4567'])('detects MTN Nigeria for %s', async (phone) => {
    const operator = await directory.detectOperator(phone, 'ng');
    expect(operator).toMatchObject({
      name: 'MTN',
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
      fxRate: 1460,
      country: { name: 'Nigeria', isoName: 'NG' },
      logoUrl: null,
    });
    expectConsistentAmounts(operator);
  });

  it.each(['9812345678', '9876543210', '9123456789'])('detects the carrier of the longest matching Indian prefix for %s', async (phone) => {
    const expected = indianCarrierOf(phone);
    expect(expected).toBeDefined();
    const operator = await directory.detectOperator(phone, 'IN');
    expect(operator).toMatchObject({ name: expected, destinationCurrencyCode: 'INR', country: { isoName: 'IN' } });
  });

  it.each([
    ['ET', '0912345678', 'Ethio Telecom', 'ETB'],
    ['ET', '0701234567', 'Safaricom', 'ETB'],
    ['CU', '52123456', 'etecsa', 'CUP'],
    ['CU', '+53 5 2123456', 'etecsa', 'CUP'],
    ['IN', '+91 98123 45678', 'Idea', 'INR'],
    ['KE', '0712345678', 'Safaricom', 'KES'],
    ['PH', '0917 123 4567', 'Globe', 'PHP'],
    ['GH', '0241234567', 'MTN', 'GHS'],
    ['JM', '8762412345', 'Digicel', 'JMD'],
    ['GB', '+44 7700 900123', 'O2', 'GBP'],
    ['PK', '03001234567', 'Jazz', 'PKR'],
    ['BD', '01712345678', 'Grameenphone', 'BDT'],
  ])('detects the operator of a %s number %s: %s', async (iso, phone, name, currency) => {
    const operator = await directory.detectOperator(phone, iso);
    expect(operator).toMatchObject({ name, destinationCurrencyCode: currency, country: { isoName: iso } });
    expectConsistentAmounts(operator);
  });

  it.each(['ZZ', 'MX'])('answers 400 COUNTRY_NOT_SUPPORTED for %s, unknown or without an operator, as Reloadly does', async (iso) => {
    for (const call of [directory.detectOperator('5512345678', iso), directory.operatorsByCountry(iso)]) {
      const error = await providerError(call);
      expect(error).toMatchObject({ code: 'COUNTRY_NOT_SUPPORTED', status: 400, retryable: false, message: 'This country is not served.' });
    }
  });

  it('keeps disabled countries in the catalog', async () => {
    const [mexico] = await database.db.select().from(countries).where(eq(countries.isoName, 'MX'));
    expect(mexico).toMatchObject({ name: 'Mexico', enabled: false });
  });

  it('lists the operators of a country by name, FIXED and RANGE each with the fields docs/product.md §3 gives them', async () => {
    const list = await directory.operatorsByCountry('IN');
    const names = list.map((operator) => operator.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Airtel', 'Idea', 'Reliance Jio']));
    const all = [...list, ...(await directory.operatorsByCountry('NG')), ...(await directory.operatorsByCountry('GB'))];
    expect(new Set(all.map((operator) => operator.denominationType))).toEqual(new Set(['FIXED', 'RANGE']));
    for (const operator of all) expectConsistentAmounts(operator);
  });

  it('detects a warmed-up country without querying the database', async () => {
    let queries = 0;
    const countingDb = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'select') queries++;
        return Reflect.get(target, property, receiver);
      },
    }) as Database;
    const warmDirectory = createSandboxOperatorDirectory(countingDb);
    await warmDirectory.detectOperator('08031234567', 'NG');
    const afterWarmUp = queries;
    expect((await warmDirectory.detectOperator('08051234567', 'NG')).name).toBe('Glo');
    expect((await warmDirectory.detectOperator('08091234567', 'NG')).name).toBe('9mobile');
    expect(queries).toBe(afterWarmUp);
  });

  it('lists what it offers in a country an admin switched off: the switches apply in front of it (catalog/served-operators.ts)', async () => {
    await database.db.update(countries).set({ enabled: false }).where(eq(countries.isoName, 'CU'));
    try {
      const fresh = createSandboxOperatorDirectory(database.db);
      expect((await fresh.detectOperator('52123456', 'CU')).name).toBe('etecsa');
      expect((await fresh.operatorsByCountry('CU')).map((operator) => operator.name)).toContain('etecsa');
    } finally {
      await database.db.update(countries).set({ enabled: true }).where(eq(countries.isoName, 'CU'));
    }
  });

  it('seeds the catalog once: seeding again adds no rows', async () => {
    const catalog = buildCatalog();
    const special = specialProducts(catalog.countries);
    await seedCatalog(database.db);
    await database.reset();
    const [countryCount] = await database.db.select({ value: count() }).from(countries);
    const [operatorCount] = await database.db.select({ value: count() }).from(operators);
    const [prefixCount] = await database.db.select({ value: count() }).from(operatorPrefixes);
    expect([countryCount?.value, operatorCount?.value, prefixCount?.value]).toEqual([
      catalog.countries.length,
      catalog.operators.length + special.operators.length,
      catalog.prefixes.length + special.prefixes.length,
    ]);
  });

  it('sells a data bundle in Haiti with a plan per amount and no local amounts, and a PIN product in the United Kingdom', async () => {
    const bundle = await directory.detectOperator('37999123', 'HT');
    expect(bundle).toMatchObject({
      name: 'Digicel Haiti Data Bundles',
      bundle: true,
      data: true,
      localFixedAmounts: [],
      suggestedAmountsMap: {},
      amountDescriptions: { '5.00': 'Small Plan - 2GB, 7 Days', '10.00': 'Medium Plan - 6GB, 15 Days', '20.00': 'Large Plan - 15GB, 30 Days' },
    });
    // Its carrier's other numbers stay airtime.
    expect(await directory.detectOperator('37001234', 'HT')).toMatchObject({ name: 'Digicel', bundle: false });
    expect(await directory.detectOperator('07304991234', 'GB')).toMatchObject({ name: 'EE PIN England', pin: true, bundle: false });
  });
});
