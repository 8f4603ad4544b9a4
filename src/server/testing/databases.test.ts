import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, countries, priceConfig, sandboxTopups } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS } from './databases';

const topUp = (customIdentifier: string) => ({
  customIdentifier,
  operatorId: 1,
  operatorName: 'MTN Nigeria',
  countryIso: 'NG',
  recipientPhone: '08031234567',
  status: 'SUCCESSFUL',
  requestedAmount: '5.00',
  deliveredAmount: '7300',
  deliveredCurrencyCode: 'NGN',
});

/** What every test may count on finding: the state a test's reset() leaves, whatever the test before it wrote. */
describe.each(TEST_DATABASE_KINDS)('the test database’s reset on %s', (kind) => {
  it('puts back the seeded rows, empties what tests wrote, restarts the ids a rolled-back insert used, and restores the country switches', async () => {
    const database = await openTestDatabase(kind);
    const { db } = database;
    const fees = () => db.select({ key: priceConfig.key, value: priceConfig.value }).from(priceConfig).orderBy(priceConfig.key);
    const seededFees = await fees();
    expect(seededFees).toHaveLength(2);
    const enabledNigeria = (await db.select({ enabled: countries.enabled }).from(countries).where(eq(countries.isoName, 'NG')))[0]!.enabled;

    await db.update(priceConfig).set({ value: '9.9900' }).where(eq(priceConfig.key, 'airtime_fee'));
    await db.insert(contactMessages).values({ name: 'Amina', email: 'amina@example.com', topic: 'payment', message: 'Hello', language: 'en' });
    await db
      .transaction(async (tx) => {
        await tx.insert(sandboxTopups).values(topUp('rolled-back'));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.update(countries).set({ enabled: !enabledNigeria, disabledAt: new Date(), disabledReason: 'test' }).where(eq(countries.isoName, 'NG'));

    await database.reset();

    expect(await fees()).toEqual(seededFees);
    expect(await db.select().from(contactMessages)).toEqual([]);
    const [first] = await db.insert(sandboxTopups).values(topUp('first')).returning({ id: sandboxTopups.transactionId });
    expect(first!.id).toBe(1);
    expect(
      await db.select({ enabled: countries.enabled, reason: countries.disabledReason }).from(countries).where(eq(countries.isoName, 'NG')),
    ).toEqual([{ enabled: enabledNigeria, reason: null }]);

    // A reset after a test that wrote nothing changes nothing.
    await database.reset();
    await database.reset();
    expect(await db.select().from(sandboxTopups)).toEqual([]);
    expect(await fees()).toEqual(seededFees);
  });

  it('truncates a table a test filled with many rows, so its size on disk (and the query plans) are a fresh database’s again', async () => {
    const database = await openTestDatabase(kind);
    const { db } = database;
    await db.execute(sql`
      insert into contact_messages (name, email, topic, message, language)
      select 'Amina', 'amina' || g || '@example.com', 'payment', repeat('Hello ', 20), 'en' from generate_series(1, 5000) g`);
    const size = async () =>
      Number(
        ((await db.execute(sql`select pg_relation_size('contact_messages') as bytes`)) as unknown as { rows: Array<{ bytes: string | number }> })
          .rows[0]!.bytes,
      );
    expect(await size()).toBeGreaterThan(256 * 1024);
    await database.reset();
    expect(await size()).toBe(0);
    expect(await db.select().from(contactMessages)).toEqual([]);
  });
});
