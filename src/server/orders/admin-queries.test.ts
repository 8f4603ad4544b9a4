import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { DomainError } from '../domain-error';
import { TEST_DATABASE_KINDS } from '../testing/databases';
import { insertOrderEvent, type OrderRowValues } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { countAttention } from './attention';
import { ATTENTION_REASONS } from './fulfilment';
import { DISPUTE_ATTENTION } from './payment-events';
import { flagForAttention } from './state-machine';
import { adminOrderDetail, listAttention } from './admin-queries';
import { ago, HOUR, MINUTE, NOW, useConsoleOrders } from '../testing/console-orders';

describe.each(TEST_DATABASE_KINDS)('the console’s attention queue and order page on %s', (kind) => {
  const fixture = useConsoleOrders(kind);
  const { order, list } = fixture;
  let db: Database;
  let customer: string;
  beforeEach(() => {
    db = fixture.db;
    customer = fixture.customer;
  });

  describe('the attention queue', () => {
    /** Orders in every state the queue knows, and some that must stay out of it. */
    async function ordersInEveryState() {
      const flag = async (values: Partial<OrderRowValues>, note: string, since: Date) => {
        const row = await order(values);
        await flagForAttention(db, { orderId: row.id, from: [row.status as never], source: 'webhook', reason: note, now: since });
        return row.id;
      };
      return {
        captureFailed: (await order({ status: 'capture_failed', updatedAt: ago(50 * MINUTE), authorisedAt: ago(HOUR) })).id,
        deliveringStuck: (await order({ status: 'delivering', updatedAt: ago(11 * MINUTE), authorisedAt: ago(12 * MINUTE) })).id,
        pendingStuck: (await order({ status: 'delivery_pending', updatedAt: ago(40 * MINUTE), authorisedAt: ago(41 * MINUTE) })).id,
        longHold: (await order({ status: 'authorised', updatedAt: ago(13 * HOUR), authorisedAt: ago(13 * HOUR) })).id,
        heldDelivered: (await order({ status: 'delivered', updatedAt: ago(5 * MINUTE), authorisedAt: ago(14 * HOUR) })).id,
        lateDelivery: await flag({ status: 'capture_failed', authorisedAt: ago(25 * HOUR) }, ATTENTION_REASONS.holdLapsed, ago(20 * MINUTE)),
        releasedThenDelivered: await flag({ status: 'canceled', authorisedAt: ago(3 * HOUR) }, ATTENTION_REASONS.lateDelivery, ago(15 * MINUTE)),
        dispute: await flag({ status: 'completed' }, DISPUTE_ATTENTION, ago(30 * MINUTE)),
        refundFailed: (await order({ status: 'refund_failed', updatedAt: ago(2 * HOUR) })).id,
        flagged: await flag({ status: 'delivered', authorisedAt: ago(HOUR) }, ATTENTION_REASONS.amountMismatch, ago(45 * MINUTE)),
        // Out of the queue: moving along in time, settled after a flag, or nothing wrong.
        deliveringNow: (await order({ status: 'delivering', updatedAt: ago(9 * MINUTE), authorisedAt: ago(9 * MINUTE) })).id,
        shortHold: (await order({ status: 'authorised', updatedAt: ago(11 * HOUR), authorisedAt: ago(11 * HOUR) })).id,
        settledFlag: await flag({ status: 'completed' }, ATTENTION_REASONS.outcomeUnknownAtLimit, ago(3 * HOUR)),
        completed: (await order({ status: 'completed', authorisedAt: ago(30 * HOUR) })).id,
      };
    }

    it('says why each order is there and since when, oldest first, and counts them all', async () => {
      const made = await ordersInEveryState();
      const { items, count } = await listAttention(db, NOW);
      expect(items.map((item) => [item.order.id, item.reason, item.since])).toEqual(
        [
          [made.refundFailed, 'refund_failed', ago(2 * HOUR).toISOString()],
          [made.captureFailed, 'capture_failed', ago(50 * MINUTE).toISOString()],
          [made.flagged, 'flagged', ago(45 * MINUTE).toISOString()],
          [made.pendingStuck, 'delivery_stuck', ago(30 * MINUTE).toISOString()],
          [made.dispute, 'dispute', ago(30 * MINUTE).toISOString()],
          [made.lateDelivery, 'late_delivery', ago(20 * MINUTE).toISOString()],
          [made.releasedThenDelivered, 'late_delivery', ago(15 * MINUTE).toISOString()],
          [made.longHold, 'long_hold', ago(HOUR).toISOString()],
          [made.heldDelivered, 'long_hold', ago(2 * HOUR).toISOString()],
          [made.deliveringStuck, 'delivery_stuck', ago(MINUTE).toISOString()],
        ].sort(([idA, , sinceA], [idB, , sinceB]) => (sinceA === sinceB ? (idA! < idB! ? -1 : 1) : sinceA! < sinceB! ? -1 : 1)),
      );
      expect(count).toBe(10);
      expect(await countAttention(db, NOW)).toBe(10);
      expect(items.every((item) => item.order.attention === item.reason)).toBe(true);
    });

    it('gives the same reason on the order list’s rows and on the order itself', async () => {
      const made = await ordersInEveryState();
      const rows = new Map((await list({ limit: 100 })).orders.map((row) => [row.id, row.attention]));
      expect(rows.get(made.dispute)).toBe('dispute');
      expect(rows.get(made.deliveringStuck)).toBe('delivery_stuck');
      expect(rows.get(made.settledFlag)).toBeNull();
      expect(rows.get(made.deliveringNow)).toBeNull();
      expect(rows.get(made.shortHold)).toBeNull();
      expect(rows.get(made.completed)).toBeNull();
      const { order: late } = await adminOrderDetail(db, made.lateDelivery, NOW);
      expect(late).toMatchObject({
        attention: 'late_delivery',
        attentionNote: ATTENTION_REASONS.holdLapsed,
        attentionSince: ago(20 * MINUTE).toISOString(),
      });
      const { order: stuck } = await adminOrderDetail(db, made.deliveringStuck, NOW);
      expect(stuck).toMatchObject({ attention: 'delivery_stuck', attentionNote: null, attentionSince: ago(MINUTE).toISOString() });
      const { order: settled } = await adminOrderDetail(db, made.settledFlag, NOW);
      expect(settled).toMatchObject({ attention: null, attentionNote: ATTENTION_REASONS.outcomeUnknownAtLimit, attentionSince: null });
    });

    it('takes in an order as its time limit passes', async () => {
      const row = await order({ status: 'delivery_pending', updatedAt: ago(9 * MINUTE), authorisedAt: ago(9 * MINUTE) });
      expect(await countAttention(db, NOW)).toBe(0);
      expect(await countAttention(db, new Date(NOW.getTime() + 2 * MINUTE))).toBe(1);
      await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, row.id));
      expect(await countAttention(db, new Date(NOW.getTime() + 2 * MINUTE))).toBe(0);
    });
  });

  describe('one order', () => {
    it('tells everything it knows, with its timeline and the admin behind an admin event', async () => {
      const admin = await insertTestUser(db, 'boss@example.com');
      const row = await order({
        status: 'delivery_pending',
        countryIso: 'GH',
        recipientPhone: '0241234567',
        amountCents: 1000,
        percentageFeeCents: 50,
        standardFeeCents: 25,
        totalCents: 1075,
        localAmount: '152.30',
        destinationCurrencyCode: 'GHS',
        receiptEmail: 'receipts@example.com',
        paymentId: 'pi_detail',
        topupTransactionId: '9911',
        failureCode: 'TOPUP_TIMEOUT',
        failureMessage: 'No answer yet',
        nextCheckAt: new Date(NOW.getTime() + MINUTE),
        checkAttempts: 3,
        authorisedAt: ago(5 * MINUTE),
        updatedAt: ago(5 * MINUTE),
      });
      const event = (values: Omit<Parameters<typeof insertOrderEvent>[1], 'orderId'>) => insertOrderEvent(db, { orderId: row.id, ...values });
      await event({ fromStatus: null, toStatus: 'created', source: 'checkout', createdAt: ago(7 * MINUTE) });
      await event({ fromStatus: 'created', toStatus: 'authorised', source: 'webhook', detail: { amount: 1075 }, createdAt: ago(6 * MINUTE) });
      await event({ fromStatus: 'authorised', toStatus: 'delivering', source: 'browser', createdAt: ago(5 * MINUTE) });
      await event({ fromStatus: 'delivering', toStatus: 'delivery_pending', source: 'reconciler', createdAt: ago(4 * MINUTE) });
      await event({
        fromStatus: 'delivery_pending',
        toStatus: 'delivery_pending',
        source: 'admin',
        actorId: admin,
        detail: { action: 'check', reason: 'Customer called' },
        createdAt: ago(MINUTE),
      });
      const { order: detail, events } = await adminOrderDetail(db, row.id, NOW);
      expect(detail).toMatchObject({
        id: row.id,
        userId: customer,
        customerEmail: 'amina@example.com',
        customerName: 'amina@example.com',
        countryCode: 'GH',
        callingCode: '233',
        recipientPhone: '0241234567',
        amountCents: 1000,
        percentageFeeCents: 50,
        standardFeeCents: 25,
        totalCents: 1075,
        currency: 'USD',
        localAmount: '152.30',
        receiptEmail: 'receipts@example.com',
        paymentIntentId: 'pi_detail',
        topupTransactionId: '9911',
        customIdentifier: row.customIdentifier,
        failureCode: 'TOPUP_TIMEOUT',
        failureMessage: 'No answer yet',
        nextCheckAt: new Date(NOW.getTime() + MINUTE).toISOString(),
        checkAttempts: 3,
        authorisedAt: ago(5 * MINUTE).toISOString(),
        attention: null,
        actions: ['check', 'release'],
      });
      expect(events.map((item) => [item.fromStatus, item.toStatus, item.source, item.actorEmail])).toEqual([
        [null, 'created', 'checkout', null],
        ['created', 'authorised', 'webhook', null],
        ['authorised', 'delivering', 'browser', null],
        ['delivering', 'delivery_pending', 'reconciler', null],
        ['delivery_pending', 'delivery_pending', 'admin', 'boss@example.com'],
      ]);
      expect(events.at(-1)).toMatchObject({
        actorId: admin,
        detail: { action: 'check', reason: 'Customer called' },
        createdAt: ago(MINUTE).toISOString(),
      });
      expect(events[1]).toMatchObject({ actorId: null, detail: { amount: 1075 } });
    });

    it('is not found for an unknown id, or an id that is not one', async () => {
      await order();
      for (const id of [randomUUID(), 'not-a-uuid', "' or 1=1 --", '']) {
        const refused = await adminOrderDetail(db, id, NOW).catch((error: unknown) => error);
        expect(refused, id).toBeInstanceOf(DomainError);
        expect(refused).toMatchObject({ kind: 'not_found', code: 'ORDER_NOT_FOUND' });
      }
    });
  });
});
