import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { TEST_DATABASE_KINDS } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder, SANDBOX_NUMBERS, saveServiceLimits } from '../testing/orders';
import { createFulfilment } from './fulfilment';
import { reconcileDueOrders } from './reconciler';
import { countingPayments, scriptedTopups, useFulfilmentDatabase } from '../testing/fulfilment';

describe.each(TEST_DATABASE_KINDS)('fulfilment: concurrent payments, the spending cap and the reconcilers on %s', (kind) => {
  const database = useFulfilmentDatabase(kind);
  const { setup } = database;

  it('a number topped up in the last 2 minutes is refused when a second checkout for it is paid, before anything is sent', async () => {
    const { services, userId } = await setup();
    const otherUser = await insertTestUser(database.db);
    const scripted = scriptedTopups(services.topups, []);
    services.topups = scripted.delivery;
    const followed = createFulfilment(services);
    // Both checkouts were opened before either was paid, so both passed the check at their start.
    const first = await paidOrder(services, { userId });
    const second = await paidOrder(services, { userId: otherUser });
    expect((await followed.fulfil(first.orderId, 'browser')).status).toBe('completed');
    const refused = await followed.fulfil(second.orderId, 'browser');
    expect(refused).toMatchObject({ status: 'canceled', failureCode: 'RECIPIENT_RECENTLY_TOPPED_UP' });
    const { intent, events } = await orderLedger(database.db, second.orderId);
    expect(intent).toMatchObject({ status: 'canceled', amountReceived: 0 });
    expect(events.map((event) => event.toStatus)).toEqual(['created', 'canceled']);
    expect(scripted.sent).toHaveLength(1);
  });

  it('payments for one number authorised at the same moment, by different users, send one top-up and charge one card', async () => {
    const { services } = await setup();
    const scripted = scriptedTopups(services.topups, []);
    services.topups = scripted.delivery;
    const counting = countingPayments(services.payments);
    services.payments = counting.payments;
    const paid = [];
    for (let index = 0; index < 6; index++) paid.push(await paidOrder(services, { userId: await insertTestUser(database.db) }));
    // Every fulfilment reads its authorised intent, then waits for the others: the authorisations start together.
    const paying = services.payments;
    let arrived = 0;
    let allArrived!: () => void;
    const together = new Promise<void>((resolve) => (allArrived = resolve));
    services.payments = {
      ...paying,
      async getPayment(id) {
        const intent = await paying.getPayment(id);
        if (++arrived === paid.length) allArrived();
        await together;
        return intent;
      },
    };
    // Two instances' fulfilments, as the browser's call and the webhook of each order would run them.
    const instances = [createFulfilment(services), createFulfilment(services)];
    const settled = await Promise.all(paid.map(({ orderId }, index) => instances[index % 2]!.fulfil(orderId, index % 2 ? 'webhook' : 'browser')));
    expect(settled.filter((order) => order.status === 'completed')).toHaveLength(1);
    for (const order of settled.filter((candidate) => candidate.status !== 'completed')) {
      expect(order).toMatchObject({ status: 'canceled', failureCode: 'RECIPIENT_RECENTLY_TOPPED_UP' });
    }
    expect(scripted.sent).toHaveLength(1);
    expect(counting.calls).toEqual({ capture: 1, cancel: 5 });
  });

  describe('the 24-hour spending cap, checked again when a payment is authorised', () => {
    /** Checkouts started side by side, all paid before any is fulfilled: each passed the cap at its start. */
    async function paidCheckouts(count: number, ordersWithinLimit: number) {
      const kit = await setup();
      const counting = countingPayments(kit.services.payments);
      kit.services.payments = counting.payments;
      const paid = [];
      for (let index = 0; index < count; index++) paid.push(await paidOrder(kit.services, { userId: kit.userId, phone: `080312345${10 + index}` }));
      const [first] = await database.db.select({ totalCents: orders.totalCents }).from(orders).where(eq(orders.id, paid[0]!.orderId));
      // Room for `ordersWithinLimit` orders and part of one more.
      await saveServiceLimits(database.db, { dailySpendLimitCents: first!.totalCents * ordersWithinLimit + Math.floor(first!.totalCents / 2) });
      kit.services.limits.invalidate();
      return { ...kit, paid, calls: counting.calls, fulfilment: createFulfilment(kit.services) };
    }

    async function expectRefusedOverLimit(orderId: string) {
      const { order, intent, deliveries, events } = await orderLedger(database.db, orderId);
      expect(order).toMatchObject({ status: 'canceled', failureCode: 'DAILY_LIMIT_REACHED' });
      expect(order.failureMessage).toContain('nothing was charged');
      expect(intent!.status).toBe('canceled');
      expect(intent!.amountReceived).toBe(0);
      expect(deliveries).toHaveLength(0);
      expect(events.map((event) => event.toStatus)).toEqual(['created', 'canceled']);
    }

    it('an order paid after others used up the room is released, never delivered', async () => {
      const { paid, fulfilment, calls } = await paidCheckouts(3, 2);
      const statuses = [];
      for (const { orderId } of paid) statuses.push((await fulfilment.fulfil(orderId, 'browser')).status);
      expect(statuses).toEqual(['completed', 'completed', 'canceled']);
      await expectRefusedOverLimit(paid[2]!.orderId);
      expect(calls).toEqual({ capture: 2, cancel: 1 });
    });

    it('payments authorised at the same moment cannot together pass the cap', async () => {
      const { paid, fulfilment, calls } = await paidCheckouts(6, 3);
      const settled = await Promise.all(paid.map(({ orderId }) => fulfilment.fulfil(orderId, 'webhook')));
      const completed = settled.filter((order) => order.status === 'completed');
      expect(completed).toHaveLength(3);
      for (const order of settled.filter((candidate) => candidate.status !== 'completed')) await expectRefusedOverLimit(order.id);
      expect(calls).toEqual({ capture: 3, cancel: 3 });
    });

    it('orders that were not charged leave room under the cap', async () => {
      const { services, userId, paid, fulfilment } = await paidCheckouts(1, 1);
      await paidOrder(services, { userId, phone: SANDBOX_NUMBERS.failed }).then(({ orderId }) => fulfilment.fulfil(orderId, 'browser'));
      expect((await fulfilment.fulfil(paid[0]!.orderId, 'browser')).status).toBe('completed');
    });
  });

  it('two reconcilers running at once take different orders', async () => {
    const { services, advance } = await setup();
    const counting = countingPayments(services.payments);
    services.payments = counting.payments;
    const scripted = scriptedTopups(services.topups, []);
    services.topups = scripted.delivery;
    const phones = ['08031234501', '08031234502', '08031234503', '08031234504', '08031234505', '08031234506'];
    // One customer per order: authorising an order locks its customer's orders of the day (the daily cap), and a
    // reconciler skips locked rows, so with one customer the second reconciler may find nothing free until its next pass.
    for (const phone of phones) await paidOrder(services, { userId: await insertTestUser(database.db), phone });
    advance(2 * 60 * 1000);
    const [first, second] = await Promise.all([
      reconcileDueOrders(services, createFulfilment(services), 3),
      reconcileDueOrders(services, createFulfilment(services), 3),
    ]);
    expect(first + second).toBe(phones.length);
    expect(scripted.sent).toHaveLength(phones.length);
    expect(counting.calls.capture).toBe(phones.length);
  });

  it('a stopping reconciler finishes the order it holds, takes no other, and hands back the rest at once', async () => {
    const { services, advance } = await setup();
    const phones = ['08031234511', '08031234512', '08031234513', '08031234514'];
    const placed = [];
    for (const phone of phones) placed.push(await paidOrder(services, { userId: await insertTestUser(database.db), phone }));
    advance(2 * 60 * 1000);
    let looked = 0;
    const fulfilment = createFulfilment(services);
    const counted = {
      ...fulfilment,
      reconcile(id: string) {
        looked++;
        return fulfilment.reconcile(id);
      },
    };
    // Asked to stop while it holds its first order.
    expect(await reconcileDueOrders(services, counted, 25, () => looked >= 1)).toBe(1);
    const rows = await database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          placed.map((order) => order.orderId),
        ),
      );
    expect(rows.filter((row) => row.status === 'completed')).toHaveLength(1);
    const handedBack = rows.filter((row) => row.status !== 'completed');
    expect(handedBack).toHaveLength(3);
    for (const row of handedBack) expect(row.nextCheckAt!.getTime()).toBeLessThanOrEqual(services.now().getTime());
    // Another instance takes them now, not when the lease would have ended.
    expect(await reconcileDueOrders(services, createFulfilment(services))).toBe(3);
  });
});
