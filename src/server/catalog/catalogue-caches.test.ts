import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { countries, disabledOperators } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { CATALOGUE_CACHE_MS, createDestinationSwitches } from './destination-switches';
import { createCountryListCache } from './list-countries';

/** The database with its SELECTs counted, to tell a copy from a read. */
function counting(db: Database) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') counter.selects++;
      return Reflect.get(target, property, receiver);
    },
  }) as Database;
  return { db: proxy, counter };
}

describe('the copies a server keeps of the catalogue’s switches', () => {
  let database: TestDatabase;
  let clock = 0;
  const now = () => clock;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  beforeEach(async () => {
    clock = 0;
    await database.reset();
  });
  afterAll(() => database.close());

  const switchOff = (iso: string) => database.db.update(countries).set({ enabled: false }).where(eq(countries.isoName, iso));

  it('answers from its copy for CATALOGUE_CACHE_MS, then reads the tables again', async () => {
    const { db, counter } = counting(database.db);
    const switches = createDestinationSwitches(db, { provider: 'sandbox', blocked: [], now });
    expect(await switches.refusal('NG')).toBeNull();
    const reads = counter.selects;
    await switchOff('NG');
    clock = CATALOGUE_CACHE_MS - 1;
    expect(await switches.refusal('ng')).toBeNull();
    expect(counter.selects).toBe(reads);
    clock = CATALOGUE_CACHE_MS;
    expect(await switches.refusal('NG')).toBe('country');
  });

  it('reads once for callers that ask at the same time', async () => {
    const { db, counter } = counting(database.db);
    const switches = createDestinationSwitches(db, { provider: 'sandbox', blocked: [], now });
    await Promise.all(Array.from({ length: 20 }, () => switches.refusal('NG', 1)));
    expect(counter.selects).toBe(2);
  });

  it('drop() makes the next answer read the tables, and a read begun before it never becomes the copy', async () => {
    const switches = createDestinationSwitches(database.db, { provider: 'sandbox', blocked: [], now });
    const before = switches.refusal('NG');
    await switchOff('NG');
    switches.drop();
    // The read begun before the drop may answer what it saw; the answers after it do not use it.
    await before;
    expect(await switches.refusal('NG')).toBe('country');
  });

  it('refuses blocked, unknown and switched-off destinations, and only this provider’s switched-off operators', async () => {
    await database.db.insert(disabledOperators).values([
      { provider: 'sandbox', operatorId: 7, countryIso: 'NG', operatorName: 'MTN', reason: 'x', disabledAt: new Date() },
      { provider: 'reloadly', operatorId: 8, countryIso: 'NG', operatorName: 'Glo', reason: 'x', disabledAt: new Date() },
    ]);
    const switches = createDestinationSwitches(database.db, { provider: 'sandbox', blocked: ['cu'], now });
    expect(await switches.refusal('CU')).toBe('country');
    expect(await switches.refusal('ZZ')).toBe('country');
    expect(await switches.refusal('NG', 7)).toBe('operator');
    expect(await switches.refusal('NG', 8)).toBeNull();
    expect([...(await switches.disabledOperatorIds())]).toEqual([7]);
  });

  it('serves the countries list from memory, compressed again only when it changed', async () => {
    const { db, counter } = counting(database.db);
    const list = createCountryListCache(db, { blocked: new Set(['IR']), now });
    const first = await list.get();
    expect(JSON.parse(first.json.toString()).find((country: { iso_name: string }) => country.iso_name === 'IR')).toMatchObject({
      enabled: false,
    });
    expect(await list.get()).toBe(first);
    clock = CATALOGUE_CACHE_MS;
    const reread = await list.get();
    expect(counter.selects).toBe(2);
    // Read again, the same list keeps its bytes and ETag.
    expect(reread).toBe(first);
    await switchOff('NG');
    list.invalidate();
    const changed = await list.get();
    expect(changed.etag).not.toBe(first.etag);
    expect(JSON.parse(changed.json.toString()).find((country: { iso_name: string }) => country.iso_name === 'NG')).toMatchObject({
      enabled: false,
    });
  });
});
