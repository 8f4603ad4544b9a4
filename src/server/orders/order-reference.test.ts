import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_REFERENCE } from '../../shared/order-reference';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { insertOrder, newOrderReference, type NewOrder } from './state-machine';

function newOrder(userId: string): NewOrder {
  const id = randomUUID();
  const now = new Date();
  return {
    id,
    userId,
    orderKey: randomUUID(),
    status: 'created',
    operatorId: 341,
    operatorName: 'MTN Nigeria',
    detectedOperatorId: null,
    countryIso: 'NG',
    recipientPhone: '08031234567',
    amountCents: 500,
    percentageFeeCents: 15,
    standardFeeCents: 33,
    totalCents: 548,
    localAmount: null,
    planDescription: null,
    destinationCurrencyCode: 'NGN',
    receiptEmail: null,
    paymentProvider: 'sandbox',
    paymentId: `pi_${id.replaceAll('-', '')}`,
    customIdentifier: `topup-${id}`,
    nextCheckAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

describe('drawing references', () => {
  it('gives GT-XXXX-XXXX, never the same twice in 10,000 draws, in no sequence', () => {
    const drawn = Array.from({ length: 10_000 }, newOrderReference);
    for (const reference of drawn) expect(reference).toMatch(ORDER_REFERENCE);
    expect(new Set(drawn).size).toBe(drawn.length);
    // Not sequential: the draws in order are no more sorted than chance would make them.
    const ascending = drawn.slice(1).filter((reference, index) => reference > drawn[index]!).length;
    expect(ascending).toBeGreaterThan(4_000);
    expect(ascending).toBeLessThan(6_000);
  });
});

describe.each(TEST_DATABASE_KINDS)('an order’s reference on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.reset();
    userId = await insertTestUser(database.db);
  });
  afterAll(() => database.close());

  it('is given to every new order, and one already taken is drawn again', async () => {
    const first = await insertOrder(database.db, newOrder(userId));
    expect(first!.reference).toMatch(ORDER_REFERENCE);
    const draws = [first!.reference, first!.reference, 'GT-2222-3333'];
    const second = await insertOrder(database.db, newOrder(userId), () => draws.shift()!);
    expect(second!.reference).toBe('GT-2222-3333');
    expect(draws).toEqual([]);
  });

  it('is unique in the table', async () => {
    await insertOrderRow(database.db, { userId, reference: 'GT-4444-5555' });
    await expect(insertOrderRow(database.db, { userId, reference: 'GT-4444-5555' })).rejects.toThrow();
  });

  it('is given by the database to an order written without one, as the migration gave the orders before it', async () => {
    const rows = await Promise.all(Array.from({ length: 20 }, () => insertOrderRow(database.db, { userId })));
    for (const row of rows) expect(row.reference).toMatch(ORDER_REFERENCE);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(rows.length);
  });
});
