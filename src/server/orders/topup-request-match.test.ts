import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import type { Order } from './state-machine';
import { justAuthorisedClaim, orderMatchingTopupRequest, type TopupRequest } from './topup-request-match';

describe('a top-up call matched to the order it paid for', () => {
  let database: TestDatabase;
  let userId: string;
  let order: Order;
  /** The call as the browser makes it for the order: an NG MTN top-up of $5 to 08031234567. */
  let call: TopupRequest;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  beforeEach(async () => {
    await database.reset();
    userId = await insertTestUser(database.db);
    order = await insertOrderRow(database.db, { userId });
    call = {
      paymentIntentId: order.paymentId!,
      operatorId: '341',
      amount: '5.00',
      recipientPhone: { countryCode: 'ng', number: '08031234567' },
    };
  });
  afterAll(() => database.close());

  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('not refused'),
      (error: unknown) => error as DomainError,
    );

  it('finds the order when the call says what the order is, or says nothing of it', async () => {
    expect((await orderMatchingTopupRequest(database.db, userId, call)).order.id).toBe(order.id);
    expect((await orderMatchingTopupRequest(database.db, userId, { paymentIntentId: call.paymentIntentId })).order.id).toBe(order.id);
  });

  it("refuses a payment of no order of the user's as not found", async () => {
    const stranger = await insertTestUser(database.db);
    for (const [user, paymentIntentId] of [
      [stranger, call.paymentIntentId],
      [userId, 'pi_unknown'],
    ] as const) {
      const error = await refusalOf(orderMatchingTopupRequest(database.db, user, { ...call, paymentIntentId }));
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ kind: 'not_found', code: 'ORDER_NOT_FOUND', messageRef: { key: 'apiErrors.paymentOrderNotFound' } });
    }
  });

  it.each<[string, Partial<TopupRequest>]>([
    ['operatorId', { operatorId: '999' }],
    ['amount', { amount: '6.00' }],
    ['recipientPhone.countryCode', { recipientPhone: { countryCode: 'GH', number: '08031234567' } }],
    ['recipientPhone.number', { recipientPhone: { countryCode: 'NG', number: '08039999999' } }],
  ])('refuses a call whose %s differs from the order, naming the field', async (field, change) => {
    const error = await refusalOf(orderMatchingTopupRequest(database.db, userId, { ...call, ...change }));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'TOPUP_MISMATCH', messageRef: { key: 'apiErrors.topupMismatch' }, options: { field } });
  });

  it('claims the order at once when the call names its destination', async () => {
    expect(await justAuthorisedClaim(database.db, userId, call)).toEqual({
      paymentId: call.paymentIntentId,
      userId,
      destination: { countryIso: 'NG', operatorId: 341 },
      amountCents: 500,
      recipientPhones: expect.arrayContaining(['08031234567']),
    });
  });

  it('reads the order first when the call names no destination, or an operator id that names no order', async () => {
    expect(await justAuthorisedClaim(database.db, userId, { ...call, operatorId: undefined })).toBeNull();
    expect(await justAuthorisedClaim(database.db, userId, { ...call, recipientPhone: undefined })).toBeNull();
    expect(await justAuthorisedClaim(database.db, userId, { ...call, operatorId: String(2 ** 31) })).toBeNull();
  });
});
