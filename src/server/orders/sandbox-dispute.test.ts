import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { wiredSandbox } from '../testing/disputes';
import { insertTestUser, orderLedger, paidOrder } from '../testing/orders';
import { listAttention } from './admin-queries';
import { DISPUTE_ATTENTION, handlePaymentEvent } from './payment-events';
import type { OrderServices } from './services';

const DISPUTE_CARD = { number: '4000000000000259' };
const OTHER_CARDS = ['4242424242424242', '4000000000005126'];

describe.each(TEST_DATABASE_KINDS)('the sandbox dispute test card on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  const wired = (deliver?: Parameters<typeof wiredSandbox>[1]) => wiredSandbox(database.db, deliver);
  /** A few turns of the event loop: what the sandbox would send after an answer has been sent by then. */
  const quiet = async () => {
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('a payment with it is captured, then disputed: the order ends completed and waits in the queue as a dispute', async () => {
    const { services, fulfilment, delivered, settled } = wired();
    const { orderId, paymentIntentId } = await paidOrder(services, { userId: await insertTestUser(services.db), card: DISPUTE_CARD });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
    await settled(2);

    const dispute = {
      kind: 'disputed',
      paymentId: paymentIntentId,
      chargeId: paymentIntentId.replace(/^pi_/, 'ch_'),
      disputeId: expect.stringMatching(/^dp_sandbox_\w+$/),
    };
    expect(delivered).toEqual([
      { id: expect.stringMatching(/^evt_sandbox_\w+$/), type: 'charge.dispute.created', ...dispute },
      { id: expect.stringMatching(/^evt_sandbox_\w+$/), type: 'charge.dispute.funds_withdrawn', ...dispute },
    ]);
    const { order, events, intent } = await orderLedger(services.db, orderId);
    expect(intent).toMatchObject({ status: 'succeeded', disputeReason: 'fraudulent' });
    expect(order).toMatchObject({ status: 'completed', attentionReason: DISPUTE_ATTENTION });
    // The dispute's flag is a move that keeps the status: after the completion, or just before it when the sandbox's
    // event outruns the completion's statement (both hold the flag, as the completion does not touch it).
    const flags = events.filter((event) => event.source === 'webhook');
    expect(flags).toHaveLength(1);
    expect(flags[0]!.fromStatus).toBe(flags[0]!.toStatus);
    const { items } = await listAttention(services.db, services.now());
    expect(items.map((item) => [item.order.id, item.reason])).toEqual([[orderId, 'dispute']]);
  });

  it.each(OTHER_CARDS)('a payment with %s is not disputed', async (number) => {
    const { services, fulfilment, delivered } = wired();
    const { orderId } = await paidOrder(services, { userId: await insertTestUser(services.db), card: { number } });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
    await quiet();

    expect(delivered).toEqual([]);
    expect((await orderLedger(services.db, orderId)).order.attentionReason).toBeNull();
    expect((await listAttention(services.db, services.now())).count).toBe(0);
  });

  it('a dispute held back by an authorised payment comes only with the capture', async () => {
    const { services, delivered } = wired();
    const { paymentIntentId } = await paidOrder(services, { userId: await insertTestUser(services.db), card: DISPUTE_CARD });
    expect((await services.payments.getPayment(paymentIntentId)).status).toBe('authorised');
    await quiet();
    expect(delivered).toEqual([]);
  });

  it('a dispute that cannot be delivered is logged and never fails the capture', async () => {
    const { services, fulfilment, errors, settled } = wired(() => Promise.reject(new Error('the database went away')));
    const { orderId, paymentIntentId } = await paidOrder(services, { userId: await insertTestUser(services.db), card: DISPUTE_CARD });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
    await settled(2);
    expect(errors).toEqual(
      ['charge.dispute.created', 'charge.dispute.funds_withdrawn'].map((type) =>
        expect.objectContaining({ type, err: expect.objectContaining({ message: 'the database went away' }) }),
      ),
    );
    expect((await orderLedger(services.db, orderId)).intent?.id).toBe(paymentIntentId);
  });

  it('a dispute flags its order even when the order moved on after it was looked up', async () => {
    const { services, fulfilment } = wired();
    const { orderId, paymentIntentId } = await paidOrder(services, { userId: await insertTestUser(services.db), card: DISPUTE_CARD });
    await fulfilment.fulfil(orderId, 'browser');
    await services.db.update(orders).set({ status: 'delivered', attentionReason: null }).where(eq(orders.id, orderId));
    // The capture's move to completed lands between the dispute's look-up and its flag (which is an execute).
    const racing: OrderServices = { ...services, db: completingBeforeExecute(services.db, orderId) };
    await handlePaymentEvent(racing, fulfilment, {
      id: 'evt_1',
      kind: 'disputed',
      type: 'charge.dispute.created',
      paymentId: paymentIntentId,
      chargeId: null,
    });
    expect((await orderLedger(services.db, orderId)).order).toMatchObject({ status: 'completed', attentionReason: DISPUTE_ATTENTION });
  });
});

/**
 * The database, except that the first raw statement (run by `execute`, or prepared through its session, as the
 * order's changes are) is preceded by the order's move to completed.
 */
function completingBeforeExecute(db: Database, orderId: string): Database {
  let moved = false;
  const completeFirst = async () => {
    if (moved) return;
    moved = true;
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
  };
  const session = new Proxy(db._.session, {
    get(target, property, receiver) {
      if (property !== 'prepareQuery') return Reflect.get(target, property, receiver);
      return (...args: Parameters<typeof target.prepareQuery>) => {
        const prepared = target.prepareQuery(...args);
        return new Proxy(prepared, {
          get(inner, name, innerReceiver) {
            if (name !== 'execute') return Reflect.get(inner, name, innerReceiver);
            return async (...values: Parameters<typeof prepared.execute>) => {
              await completeFirst();
              return prepared.execute(...values);
            };
          },
        });
      };
    },
  });
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === '_') return { ...target._, session };
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database['execute']>) => {
        await completeFirst();
        return target.execute(...args);
      };
    },
  });
}
