import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { toReceipt } from './receipt-view';

const NIGERIA = { name: 'Nigeria', callingCode: '234' };

describe('an order as its receipt shows it', () => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  beforeEach(async () => {
    await database.reset();
    userId = await insertTestUser(database.db);
  });
  afterAll(() => database.close());

  it('a completed top-up: what the operator delivered, the rate it was priced at, the fee parts added up', async () => {
    const order = await insertOrderRow(database.db, {
      userId,
      status: 'completed',
      localAmount: '7300.00',
      deliveredAmount: '7250.0000',
      deliveredCurrencyCode: 'NGN',
      operatorTransactionId: 'MTN-1',
      topupTransactionId: '991',
      failureCode: 'IGNORED_WHEN_DELIVERED',
      paymentMethodType: 'card',
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
    });
    expect(toReceipt(order, NIGERIA)).toEqual({
      reference: order.reference,
      orderId: order.id,
      displayStatus: 'successful',
      notCharged: false,
      placedAt: order.createdAt.toISOString(),
      refundedAt: null,
      recipientNumber: '+234 803 123 4567',
      countryCode: 'NG',
      countryName: 'Nigeria',
      operatorName: 'MTN Nigeria',
      recipientAmount: 7250,
      recipientCurrency: 'NGN',
      planDescription: null,
      rate: 1460,
      amountCents: 500,
      feeCents: 75,
      discountCents: 0,
      totalCents: 575,
      operatorTransactionId: 'MTN-1',
      transactionId: '991',
      failureCode: null,
      paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
    });
  });

  it('a failed one: the amount it was priced to deliver, and why it failed', async () => {
    const order = await insertOrderRow(database.db, {
      userId,
      status: 'canceled',
      authorisedAt: new Date(),
      localAmount: '7300.00',
      // A failed provider record may carry an amount: nothing reached the recipient all the same.
      deliveredAmount: '9999.0000',
      failureCode: 'DELIVERY_FAILED',
    });
    expect(toReceipt(order, NIGERIA)).toMatchObject({ displayStatus: 'failed', recipientAmount: 7300, rate: 1460, failureCode: 'DELIVERY_FAILED' });
  });

  it('a refunded one says when; a plan has no amount and no rate; no rate without a local amount', async () => {
    const refundedAt = new Date('2026-11-24T09:30:00Z');
    const refunded = await insertOrderRow(database.db, { userId, status: 'refunded', refundedAt, localAmount: '7300.00' });
    expect(toReceipt(refunded, NIGERIA)).toMatchObject({ displayStatus: 'refunded', refundedAt: refundedAt.toISOString() });
    const plan = await insertOrderRow(database.db, {
      userId,
      status: 'completed',
      planDescription: '2GB, 30 days',
      localAmount: null,
      deliveredAmount: '5.0000',
    });
    expect(toReceipt(plan, NIGERIA)).toMatchObject({ planDescription: '2GB, 30 days', recipientAmount: null, rate: null });
    const unpriced = await insertOrderRow(database.db, { userId, status: 'authorised', localAmount: null });
    expect(toReceipt(unpriced, NIGERIA)).toMatchObject({ displayStatus: 'processing', recipientAmount: null, rate: null });
  });
});
