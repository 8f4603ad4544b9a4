import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerSandboxChallenge } from '../payments/sandbox/challenge';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { createFulfilment, insertTestUser, orderLedger, paidOrder, sandboxOrderServices } from '../testing/orders';
import { adminOrderDetail } from './admin-queries';

describe.each(TEST_DATABASE_KINDS)('3-D Secure on the order on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  it('an order paid after a completed challenge records the authentication, and the console shows the liability shift', async () => {
    const { services } = sandboxOrderServices(database.db);
    const fulfilment = createFulfilment(services);
    const paid = await paidOrder(services, { userId: await insertTestUser(services.db), card: { number: '4000002760003184' } });
    await answerSandboxChallenge(services.db, paid.paymentIntentId, paid.clientSecret, 'complete', services.now());

    expect((await fulfilment.fulfil(paid.orderId, 'browser')).status).toBe('completed');
    const { order, events } = await orderLedger(services.db, paid.orderId);
    expect(order.threeDSecure).toBe('authenticated');
    expect(events.map((event) => event.toStatus)).toContain('completed');
    const { order: detail } = await adminOrderDetail(services.db, paid.orderId, services.now());
    expect(detail).toMatchObject({ threeDSecure: 'authenticated', liabilityShift: true });
  });

  it('an order whose card was never asked records nothing, and keeps the liability', async () => {
    const { services } = sandboxOrderServices(database.db);
    const fulfilment = createFulfilment(services);
    const paid = await paidOrder(services, { userId: await insertTestUser(services.db) });

    expect((await fulfilment.fulfil(paid.orderId, 'browser')).status).toBe('completed');
    const { order: detail } = await adminOrderDetail(services.db, paid.orderId, services.now());
    expect(detail).toMatchObject({ threeDSecure: null, liabilityShift: false });
  });

  it('an order whose challenge is still open is not delivered', async () => {
    const { services } = sandboxOrderServices(database.db);
    const fulfilment = createFulfilment(services);
    const paid = await paidOrder(services, { userId: await insertTestUser(services.db), card: { number: '4000000000003220' } });

    await expect(fulfilment.fulfil(paid.orderId, 'browser')).rejects.toMatchObject({ paymentStatus: 'needs_action' });
    const { order, deliveries } = await orderLedger(services.db, paid.orderId);
    expect(order.status).toBe('created');
    expect(deliveries).toEqual([]);
  });
});
