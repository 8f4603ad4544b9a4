import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, orderEvents, receiptOutbox, sandboxPaymentIntents, sandboxRefunds, sandboxTopups } from '../db/schema';
import { DomainError } from '../domain-error';
import type { PaymentProvider, RefundRequest } from '../payments/provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { rejectionOf } from '../testing/rejections';
import { SANDBOX_LOST_TRACK_MS } from '../topups/sandbox/topup-delivery';
import { checkNow, RELEASED_BY_SUPPORT, refundOrder, releaseHold } from './admin-actions';
import { adminOrderDetail } from './admin-queries';
import { ATTENTION_REASONS, createFulfilment, RESEND_AFTER_MS } from './fulfilment';
import { reconcileDueOrders } from './reconciler';
import { toReceipt } from './receipt-view';
import { REFUND_CLAIM_MS, refundIdempotencyKey } from './refunds';
import type { OrderServices } from './services';
import { transition } from './state-machine';
import { countryFacts, findUserOrder, listOrderViews, toTopupResponse } from './views';

const FAILING_REFUNDS_CARD = { number: '4000000000005126' };
const ADMIN = { id: 'admin-1', email: 'boss@example.com' };

/** Records every refund asked of the provider; `crashAfterRefund` makes the process die once the provider has refunded. */
function watchedRefunds(inner: PaymentProvider, options: { crashAfterRefund?: boolean } = {}) {
  const asked: RefundRequest[] = [];
  const payments: PaymentProvider = {
    ...inner,
    refundPayment: async (paymentIntentId, request) => {
      asked.push(request);
      const refund = await inner.refundPayment(paymentIntentId, request);
      if (options.crashAfterRefund) throw new Error('the process died before the refund was recorded');
      return refund;
    },
  };
  return { payments, asked };
}

describe.each(TEST_DATABASE_KINDS)('admin actions on orders on %s', (kind) => {
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

  function kit(overrides: Partial<OrderServices> = {}) {
    const clock = sandboxOrderServices(database.db, new Date('2026-11-22T10:00:00Z'), overrides);
    return { ...clock, fulfilment: createFulfilment(clock.services) };
  }

  /** A paid order taken to the end of its fulfilment (completed for the good numbers). */
  async function fulfilledOrder(services: OrderServices, options: { phone?: string; card?: { number: string } } = {}) {
    const { orderId } = await paidOrder(services, { userId, ...options });
    return createFulfilment(services).fulfil(orderId, 'browser');
  }

  const request = (orderId: string, reason = 'The customer asked for it') => ({ orderId, actor: ADMIN, reason });
  const conflict = (promise: Promise<unknown>) => rejectionOf(promise, DomainError);
  const auditOf = (orderId: string) => database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, orderId)).orderBy(adminAuditLog.id);
  const refundsOf = (paymentIntentId: string) => database.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, paymentIntentId));

  describe('refund', () => {
    it('gives a completed order’s payment back in full, with the admin on the event and one audit row', async () => {
      const { services, fulfilment } = kit();
      const completed = await fulfilledOrder(services);
      const refunded = await refundOrder(services, fulfilment, request(completed.id, 'Recipient never got it'));
      expect(refunded).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_sandbox_/), nextCheckAt: null });
      expect(refunded.refundedAt).toEqual(services.now());

      const [refund] = await refundsOf(completed.paymentId!);
      expect(refund).toMatchObject({
        id: refunded.refundId,
        amount: completed.totalCents,
        status: 'succeeded',
        idempotencyKey: `refund-${completed.id}-0`,
      });
      const { events, intent } = await orderLedger(database.db, completed.id);
      expect(intent!.amountRefunded).toBe(completed.totalCents);
      expect(events.slice(-2)).toMatchObject([
        { fromStatus: 'completed', toStatus: 'refunding', source: 'admin', actorId: ADMIN.id, detail: { reason: 'Recipient never got it' } },
        { fromStatus: 'refunding', toStatus: 'refunded', source: 'admin' },
      ]);
      expect(await auditOf(completed.id)).toMatchObject([
        {
          actorId: ADMIN.id,
          actorEmail: ADMIN.email,
          action: 'order.refund',
          targetType: 'order',
          reason: 'Recipient never got it',
          before: { status: 'completed' },
          after: { status: 'refunding' },
        },
      ]);
    });

    it('makes one refund of 50 concurrent clicks; the others answer 409 with the status, or the same outcome', async () => {
      const { services, fulfilment } = kit();
      const completed = await fulfilledOrder(services);
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => refundOrder(services, fulfilment, request(completed.id))));
      const answered = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as DomainError] : []));
      expect(answered.length).toBeGreaterThanOrEqual(1);
      for (const order of answered) expect(order.status).toBe('refunded');
      for (const error of refused) {
        expect(error).toMatchObject({ kind: 'conflict', code: 'ORDER_STATUS_CONFLICT' });
        expect(['refunding', 'refunded']).toContain(error.options.details!.status);
      }
      expect(await refundsOf(completed.paymentId!)).toHaveLength(1);
      const { events } = await orderLedger(database.db, completed.id);
      expect(events.filter((event) => event.toStatus === 'refunding')).toHaveLength(1);
      expect(events.filter((event) => event.toStatus === 'refunded')).toHaveLength(1);
      expect(await auditOf(completed.id)).toHaveLength(1);
    });

    it('after a crash between the provider’s refund and its record, the reconciler finishes it with the same key and no second refund', async () => {
      const base = kit();
      const completed = await fulfilledOrder(base.services);
      const crashing = watchedRefunds(base.services.payments, { crashAfterRefund: true });
      const crashed = kit({ payments: crashing.payments, now: base.services.now });
      const left = await refundOrder(crashed.services, crashed.fulfilment, request(completed.id));
      expect(left.status).toBe('refunding');
      expect(await refundsOf(completed.paymentId!)).toHaveLength(1);

      const recovering = watchedRefunds(base.services.payments);
      const restarted = kit({ payments: recovering.payments, now: base.services.now });
      expect(await reconcileDueOrders(restarted.services, restarted.fulfilment)).toBe(0);
      base.advance(REFUND_CLAIM_MS);
      await reconcileDueOrders(restarted.services, restarted.fulfilment);

      const { order } = await orderLedger(database.db, completed.id);
      expect(order.status).toBe('refunded');
      expect(recovering.asked.map((asked) => asked.idempotencyKey)).toEqual(crashing.asked.map((asked) => asked.idempotencyKey));
      const refunds = await refundsOf(completed.paymentId!);
      expect(refunds).toHaveLength(1);
      expect(order.refundId).toBe(refunds[0]!.id);
    });

    it('is refused with 409 and the current status for an order that is not completed, changing nothing', async () => {
      const { services, fulfilment } = kit();
      const { orderId } = await paidOrder(services, { userId, pay: false });
      const error = await conflict(refundOrder(services, fulfilment, request(orderId)));
      expect(error).toMatchObject({
        kind: 'conflict',
        code: 'ORDER_STATUS_CONFLICT',
        messageRef: { key: 'apiErrors.orderStatusConflict', params: { status: 'created' } },
        options: { details: { status: 'created' } },
      });
      expect(await auditOf(orderId)).toEqual([]);
    });

    it('answers not_found for an order that does not exist', async () => {
      const { services, fulfilment } = kit();
      const error = await rejectionOf(refundOrder(services, fulfilment, request(randomUUID())), DomainError);
      expect(error).toMatchObject({ kind: 'not_found', code: 'ORDER_NOT_FOUND', messageRef: { key: 'apiErrors.orderNotFound' } });
    });

    it('ends in refund_failed when the provider refuses, and the reconciler tries again with a new key until it is made', async () => {
      const { services, fulfilment, advance } = kit();
      const completed = await fulfilledOrder(services, { card: FAILING_REFUNDS_CARD });
      const failed = await refundOrder(services, fulfilment, request(completed.id));
      expect(failed).toMatchObject({ status: 'refund_failed', refundAttempts: 1, refundId: null });
      expect(failed.nextCheckAt!.getTime()).toBeGreaterThan(services.now().getTime());
      const { events } = await orderLedger(database.db, completed.id);
      expect(events.at(-1)).toMatchObject({ toStatus: 'refund_failed', detail: { code: 'expired_or_canceled_card' } });

      // Still refused at the next try: a second failed refund, with the next key.
      advance(60 * 60 * 1000);
      await reconcileDueOrders(services, fulfilment);
      expect((await orderLedger(database.db, completed.id)).order).toMatchObject({ status: 'refund_failed', refundAttempts: 2 });

      // The card can take refunds again: the reconciler's next try makes it.
      await database.db.update(sandboxPaymentIntents).set({ refundFailureReason: null }).where(eq(sandboxPaymentIntents.id, completed.paymentId!));
      advance(60 * 60 * 1000);
      await reconcileDueOrders(services, fulfilment);
      const { order } = await orderLedger(database.db, completed.id);
      expect(order.status).toBe('refunded');
      const refunds = await refundsOf(completed.paymentId!);
      expect(refunds.map((refund) => [refund.status, refund.idempotencyKey])).toEqual([
        ['failed', `refund-${completed.id}-0`],
        ['failed', `refund-${completed.id}-1`],
        ['succeeded', `refund-${completed.id}-2`],
      ]);
      expect(refundIdempotencyKey(order)).toBe(`refund-${completed.id}-2`);
    });
  });

  describe('check now', () => {
    it('runs the reconciler’s step at once and records the admin’s check with the status before and after', async () => {
      const { services, fulfilment } = kit();
      const { orderId } = await paidOrder(services, { userId });
      const checked = await checkNow(services, fulfilment, request(orderId, 'Paid an hour ago, nothing arrived'));
      expect(checked.status).toBe('completed');
      const { events, deliveries } = await orderLedger(database.db, orderId);
      expect(deliveries).toHaveLength(1);
      expect(events.at(-1)).toMatchObject({
        fromStatus: 'completed',
        toStatus: 'completed',
        source: 'admin',
        actorId: ADMIN.id,
        detail: { action: 'check', reason: 'Paid an hour ago, nothing arrived', before: 'created' },
      });
      expect(await auditOf(orderId)).toMatchObject([{ action: 'order.check', before: { status: 'created' }, after: { status: 'completed' } }]);
    });

    it('completes a capture_failed order whose capture the provider takes on a second try', async () => {
      const { services: base } = kit();
      let refusals = 1;
      const payments: PaymentProvider = {
        ...base.payments,
        capturePayment: async (id, options) => {
          if (refusals-- > 0) throw new Error('the payment provider could not be reached');
          return base.payments.capturePayment(id, options);
        },
      };
      const { services, fulfilment } = kit({ payments });
      const { orderId } = await paidOrder(services, { userId });
      expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('capture_failed');
      const checked = await checkNow(services, fulfilment, request(orderId, 'In the attention queue: capture failed'));
      expect(checked.status).toBe('completed');
      const { deliveries } = await orderLedger(database.db, orderId);
      expect(deliveries).toHaveLength(1);
      expect(await auditOf(orderId)).toMatchObject([{ action: 'order.check', before: { status: 'capture_failed' }, after: { status: 'completed' } }]);
    });

    it('retries a refused refund at once', async () => {
      const { services, fulfilment } = kit();
      const completed = await fulfilledOrder(services, { card: FAILING_REFUNDS_CARD });
      await refundOrder(services, fulfilment, request(completed.id));
      await database.db.update(sandboxPaymentIntents).set({ refundFailureReason: null }).where(eq(sandboxPaymentIntents.id, completed.paymentId!));
      expect((await checkNow(services, fulfilment, request(completed.id))).status).toBe('refunded');
      expect((await auditOf(completed.id)).map((row) => row.action)).toEqual(['order.refund', 'order.check']);
    });

    it('is refused with 409 for a final order', async () => {
      const { services, fulfilment } = kit();
      const completed = await fulfilledOrder(services);
      await refundOrder(services, fulfilment, request(completed.id));
      const error = await conflict(checkNow(services, fulfilment, request(completed.id)));
      expect(error.options.details).toEqual({ status: 'refunded' });
    });
  });

  describe('release the hold', () => {
    it('cancels the authorisation of an order not sent yet, before anything can deliver it', async () => {
      const { services, fulfilment } = kit();
      const { orderId, paymentIntentId } = await paidOrder(services, { userId });
      await transition(database.db, { orderId, from: ['created'], to: 'authorised', source: 'webhook', now: services.now() });
      const released = await releaseHold(services, fulfilment, request(orderId, 'Customer cancelled by phone'));
      expect(released).toMatchObject({ status: 'canceled', failureCode: RELEASED_BY_SUPPORT.code, nextCheckAt: null });
      const [intent] = await database.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentIntentId));
      expect(intent!.status).toBe('canceled');
      // Nothing delivers it afterwards.
      expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('canceled');
      expect((await orderLedger(database.db, orderId)).deliveries).toHaveLength(0);
      const { events } = await orderLedger(database.db, orderId);
      expect(events.at(-1)).toMatchObject({ fromStatus: 'authorised', toStatus: 'canceled', source: 'admin', actorId: ADMIN.id });
      expect(await auditOf(orderId)).toMatchObject([{ action: 'order.release', before: { status: 'authorised' }, after: { status: 'canceled' } }]);
    });

    it('looks a pending delivery up first: still processing keeps the hold (409), found delivered is captured instead (409)', async () => {
      const { services, fulfilment } = kit();
      const pending = await fulfilledOrder(services, { phone: SANDBOX_NUMBERS.processing });
      expect(pending.status).toBe('delivery_pending');

      const stillProcessing = await conflict(releaseHold(services, fulfilment, request(pending.id)));
      expect(stillProcessing.options.details).toEqual({ status: 'delivery_pending' });

      const delivered = await conflict(releaseHold(services, fulfilment, request(pending.id)));
      expect(delivered.options.details).toEqual({ status: 'completed' });
      const { order, intent } = await orderLedger(database.db, pending.id);
      expect(order.status).toBe('completed');
      expect(intent!.status).toBe('succeeded');
      expect(await auditOf(pending.id)).toEqual([]);
    });

    it('is refused while a delivery with no record at the provider was sent too recently to rule it out', async () => {
      const { services, fulfilment } = kit();
      const { orderId } = await paidOrder(services, { userId });
      await transition(database.db, { orderId, from: ['created'], to: 'authorised', source: 'webhook', now: services.now() });
      await transition(database.db, {
        orderId,
        from: ['authorised'],
        to: 'delivering',
        source: 'browser',
        patch: { claimedAt: services.now() },
        now: services.now(),
      });
      await transition(database.db, { orderId, from: ['delivering'], to: 'delivery_pending', source: 'browser', now: services.now() });
      const error = await conflict(releaseHold(services, fulfilment, request(orderId)));
      expect(error.options.details).toEqual({ status: 'delivery_pending' });
    });

    it('releases an order whose transaction the provider lost, and flags the top-up that turns up afterwards as a late delivery', async () => {
      const { services, fulfilment, advance } = kit();
      const pending = await fulfilledOrder(services, { phone: SANDBOX_NUMBERS.lostTrack });
      expect(pending).toMatchObject({ status: 'delivery_pending', topupTransactionId: expect.any(String) });
      advance(RESEND_AFTER_MS);
      await reconcileDueOrders(services, fulfilment);
      expect((await orderLedger(database.db, pending.id)).order.attentionReason).toBe(ATTENTION_REASONS.unknownTransaction);

      const released = await releaseHold(services, fulfilment, request(pending.id, 'Operator says nothing arrived'));
      expect(released).toMatchObject({ status: 'canceled', attentionReason: null });
      expect(released.nextCheckAt).not.toBeNull();
      expect((await orderLedger(database.db, pending.id)).intent!.status).toBe('canceled');

      advance(SANDBOX_LOST_TRACK_MS);
      await reconcileDueOrders(services, fulfilment);
      const { order, intent, events } = await orderLedger(database.db, pending.id);
      expect(order).toMatchObject({ status: 'canceled', attentionReason: ATTENTION_REASONS.lateDelivery, nextCheckAt: null });
      expect(intent).toMatchObject({ status: 'canceled', amountReceived: 0 });
      expect(events.at(-1)).toMatchObject({ fromStatus: 'canceled', toStatus: 'canceled', detail: { attention: ATTENTION_REASONS.lateDelivery } });
    });

    it('tells a top-up delivered after its release as delivered and not charged, to the customer and in the console', async () => {
      const { services, fulfilment, advance } = kit();
      const pending = await fulfilledOrder(services, { phone: SANDBOX_NUMBERS.lostTrack });
      const sentAt = services.now();
      advance(RESEND_AFTER_MS);
      await reconcileDueOrders(services, fulfilment);
      await releaseHold(services, fulfilment, request(pending.id, 'Operator says nothing arrived'));
      const released = await findUserOrder(database.db, userId, { id: pending.id });
      expect(toTopupResponse(released!, await countryFacts(database.db, released!.countryIso))).toMatchObject({
        status: 'FAILED',
        errorCode: RELEASED_BY_SUPPORT.code,
      });

      advance(sentAt.getTime() + SANDBOX_LOST_TRACK_MS - services.now().getTime());
      await reconcileDueOrders(services, fulfilment);
      const order = (await findUserOrder(database.db, userId, { id: pending.id }))!;
      expect(order).toMatchObject({ status: 'canceled', deliveredAt: services.now(), attentionReason: ATTENTION_REASONS.lateDelivery });
      const country = await countryFacts(database.db, order.countryIso);

      const answer = toTopupResponse(order, country);
      expect(answer).toMatchObject({ success: true, status: 'SUCCESSFUL', payment: 'released', transactionId: order.topupTransactionId });
      expect(answer).not.toHaveProperty('errorCode');
      expect(answer).not.toHaveProperty('message');

      const [entry] = await listOrderViews(database.db, userId, services.now());
      expect(entry).toMatchObject({ id: order.id, status: 'canceled', displayStatus: 'successful', notCharged: true, failureCode: null });

      const receipts = await database.db.select().from(receiptOutbox).where(eq(receiptOutbox.orderId, order.id)).orderBy(receiptOutbox.id);
      expect(receipts.at(-1)).toMatchObject({ kind: 'deliveredNotCharged', sentAt: null });
      expect(receipts.filter((receipt) => receipt.kind === 'failed' && receipt.sentAt === null && receipt.skippedAt === null)).toEqual([]);
      expect(toReceipt(order, country)).toMatchObject({ displayStatus: 'successful', notCharged: true, failureCode: null });

      const { order: consoleOrder } = await adminOrderDetail(database.db, order.id, services.now());
      expect(consoleOrder).toMatchObject({
        status: 'canceled',
        deliveredAt: services.now().toISOString(),
        attentionNote: ATTENTION_REASONS.lateDelivery,
      });
    });

    it('stops watching a released top-up that the provider reports failed', async () => {
      const { services, fulfilment, advance } = kit();
      const pending = await fulfilledOrder(services, { phone: SANDBOX_NUMBERS.lostTrack });
      advance(RESEND_AFTER_MS);
      await releaseHold(services, fulfilment, request(pending.id));
      await database.db.update(sandboxTopups).set({ status: 'FAILED' }).where(eq(sandboxTopups.customIdentifier, pending.customIdentifier));
      advance(SANDBOX_LOST_TRACK_MS);
      await reconcileDueOrders(services, fulfilment);
      expect((await orderLedger(database.db, pending.id)).order).toMatchObject({ status: 'canceled', attentionReason: null, nextCheckAt: null });
    });
  });

  describe('the sandbox numbers of the attention queue', () => {
    it('08031230005 is delivered after the hold lapsed: the order stops in capture_failed for a person', async () => {
      const { services } = kit();
      const order = await fulfilledOrder(services, { phone: SANDBOX_NUMBERS.holdLapses });
      expect(order).toMatchObject({ status: 'capture_failed', attentionReason: ATTENTION_REASONS.holdLapsed, nextCheckAt: null });
      const { intent, deliveries } = await orderLedger(database.db, order.id);
      expect(intent).toMatchObject({ status: 'canceled', cancellationReason: 'expired', amountReceived: 0 });
      expect(deliveries.map((delivery) => delivery.status)).toEqual(['SUCCESSFUL']);
    });
  });

  it('writes an audit row for every action, each naming the admin and the reason, and none for a refused one', async () => {
    const { services, fulfilment } = kit();
    const completed = await fulfilledOrder(services);
    await refundOrder(services, fulfilment, request(completed.id, 'refund it'));
    await conflict(refundOrder(services, fulfilment, request(completed.id, 'refund it again')));
    const { orderId } = await paidOrder(services, { userId });
    await checkNow(services, fulfilment, request(orderId, 'look at it'));
    const held = await paidOrder(services, { userId, phone: '08031234568' });
    await transition(database.db, { orderId: held.orderId, from: ['created'], to: 'authorised', source: 'webhook', now: services.now() });
    await releaseHold(services, fulfilment, request(held.orderId, 'release it'));
    const rows = await database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(rows.map(({ action, reason, actorId, targetId }) => ({ action, reason, actorId, targetId }))).toEqual([
      { action: 'order.refund', reason: 'refund it', actorId: ADMIN.id, targetId: completed.id },
      { action: 'order.check', reason: 'look at it', actorId: ADMIN.id, targetId: orderId },
      { action: 'order.release', reason: 'release it', actorId: ADMIN.id, targetId: held.orderId },
    ]);
    const adminEvents = await database.db.select().from(orderEvents).where(eq(orderEvents.actorId, ADMIN.id));
    expect(adminEvents.map((event) => event.detail?.reason)).toEqual(['refund it', 'look at it', 'release it']);
  });
});
