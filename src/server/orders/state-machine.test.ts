import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../shared/api/orders';
import { orderEvents, orders, receiptOutbox, savedRecipients } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertTestUser, paidOrder, sandboxOrderServices } from '../testing/orders';
import { canTransition, FINAL_STATUSES, IllegalTransitionError, TRANSITIONS, transition, type OrderStatus } from './state-machine';

describe('the order state machine', () => {
  it.each([
    ['created', 'authorised'],
    ['authorised', 'delivering'],
    ['delivering', 'delivered'],
    ['delivering', 'delivery_pending'],
    ['delivering', 'delivery_failed'],
    ['delivery_pending', 'delivered'],
    ['delivered', 'completed'],
    ['delivered', 'capture_failed'],
    ['capture_failed', 'completed'],
    ['delivery_failed', 'canceled'],
    ['created', 'expired'],
    ['created', 'declined'],
    // A person's actions: releasing a hold not delivered, refunding a completed order (and its retries).
    ['authorised', 'canceled'],
    ['delivery_pending', 'canceled'],
    ['completed', 'refunding'],
    ['refunding', 'refunded'],
    ['refunding', 'refund_failed'],
    ['refund_failed', 'refunding'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each([
    ['created', 'delivering'],
    ['created', 'completed'],
    ['authorised', 'completed'],
    ['delivery_failed', 'completed'],
    ['delivering', 'completed'],
    ['delivery_pending', 'completed'],
    ['canceled', 'authorised'],
    ['completed', 'canceled'],
    // A refund is always claimed first, and is made at most once.
    ['completed', 'refunded'],
    ['refund_failed', 'refunded'],
    ['refunded', 'refunding'],
    ['refunded', 'completed'],
    ['delivered', 'refunding'],
    ['capture_failed', 'refunding'],
    ['delivering', 'canceled'],
    ['delivered', 'canceled'],
  ] as const)('never allows %s → %s (no capture without a recorded delivery, nothing after the end)', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('final statuses lead nowhere, and every status is covered', () => {
    for (const status of FINAL_STATUSES) expect(TRANSITIONS[status]).toEqual([]);
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('only a completed order is refunded, through one claim', () => {
    const into = (target: OrderStatus) => (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => TRANSITIONS[from].includes(target));
    expect(into('refunding').sort()).toEqual(['completed', 'refund_failed']);
    expect(into('refunded')).toEqual(['refunding']);
  });

  it('completed is reachable only through delivered', () => {
    const into = (target: OrderStatus) => (Object.keys(TRANSITIONS) as OrderStatus[]).filter((from) => TRANSITIONS[from].includes(target));
    expect(into('completed').sort()).toEqual(['capture_failed', 'delivered']);
    expect(into('delivered').sort()).toEqual(['delivering', 'delivery_pending']);
  });
});

describe.each(TEST_DATABASE_KINDS)('transition() on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  async function createdOrder() {
    const { services } = sandboxOrderServices(database.db);
    return paidOrder(services, { userId: await insertTestUser(database.db), pay: false });
  }

  it('moves the order and writes its event in one step', async () => {
    const { orderId } = await createdOrder();
    const now = new Date('2026-11-22T12:00:00Z');
    const moved = await transition(database.db, { orderId, from: ['created'], to: 'authorised', source: 'browser', detail: { why: 'test' }, now });
    expect(moved!.status).toBe('authorised');
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
    expect(events.map(({ fromStatus, toStatus, source }) => ({ fromStatus, toStatus, source }))).toEqual([
      { fromStatus: null, toStatus: 'created', source: 'checkout' },
      { fromStatus: 'created', toStatus: 'authorised', source: 'browser' },
    ]);
    expect(events[1]!.detail).toEqual({ why: 'test' });
  });

  it('of many concurrent identical moves exactly one happens', async () => {
    const { orderId } = await createdOrder();
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => transition(database.db, { orderId, from: ['created'], to: 'authorised', source: 'browser', now })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).toHaveLength(2);
  });

  it('does nothing when the order has already moved on', async () => {
    const { orderId } = await createdOrder();
    await database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, orderId));
    expect(await transition(database.db, { orderId, from: ['created'], to: 'authorised', source: 'browser', now: new Date() })).toBeNull();
  });

  it('makes a guarded move only when the guard holds on the order row, and records nothing otherwise', async () => {
    const { orderId } = await createdOrder();
    const guarded = (guard: ReturnType<typeof sql>) =>
      transition(database.db, { orderId, from: ['created'], to: 'authorised', source: 'browser', now: new Date(), guard });
    expect(await guarded(sql`orders.total_cents > 1000000`)).toBeNull();
    expect(await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).toHaveLength(1);
    expect((await guarded(sql`orders.total_cents > 0`))!.status).toBe('authorised');
  });

  it('refuses a move the machine does not allow, before touching the database', async () => {
    const { orderId } = await createdOrder();
    await expect(transition(database.db, { orderId, from: ['created'], to: 'completed', source: 'browser', now: new Date() })).rejects.toBeInstanceOf(
      IllegalTransitionError,
    );
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('created');
  });

  it('a completion saves its recipient once and queues one receipt, whoever races for it', async () => {
    const { orderId } = await createdOrder();
    await database.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderId));
    const now = new Date('2026-11-22T12:00:00Z');
    const moves = await Promise.all(
      Array.from({ length: 10 }, () =>
        transition(database.db, { orderId, from: ['delivered', 'capture_failed'], to: 'completed', source: 'webhook', now }),
      ),
    );
    expect(moves.filter(Boolean)).toHaveLength(1);
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const recipients = await database.db.select().from(savedRecipients).where(eq(savedRecipients.userId, order!.userId));
    expect(
      recipients.map(({ countryIso, nationalNumber, operatorId, lastToppedUpAt }) => ({ countryIso, nationalNumber, operatorId, lastToppedUpAt })),
    ).toEqual([{ countryIso: order!.countryIso, nationalNumber: order!.recipientPhone, operatorId: order!.operatorId, lastToppedUpAt: now }]);
    expect((await database.db.select().from(receiptOutbox).where(eq(receiptOutbox.orderId, orderId))).map((row) => row.kind)).toEqual(['completed']);
  });

  it('a release after a hold queues a "failed" receipt; a payment never made sends none', async () => {
    const { orderId: held } = await createdOrder();
    await database.db.update(orders).set({ status: 'delivery_failed' }).where(eq(orders.id, held));
    await transition(database.db, { orderId: held, from: ['delivery_failed'], to: 'canceled', source: 'reconciler', now: new Date() });
    const { orderId: unpaid } = await createdOrder();
    await transition(database.db, { orderId: unpaid, from: ['created'], to: 'canceled', source: 'browser', now: new Date() });
    const receipts = await database.db.select({ orderId: receiptOutbox.orderId, kind: receiptOutbox.kind }).from(receiptOutbox);
    expect(receipts).toEqual([{ orderId: held, kind: 'failed' }]);
    expect(await database.db.select().from(savedRecipients)).toEqual([]);
  });
});
