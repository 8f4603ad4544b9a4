import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminAttentionResponse, AdminOrderActionResponse, AdminOrderResponse } from '../../shared/api/admin';
import { DELIVERY_REPORT_MESSAGE_MAX_LENGTH, type DeliveryReportResponse } from '../../shared/api/delivery-reports';
import type { OrderDetailResponse, OrderListResponse } from '../../shared/api/orders';
import { buildApp } from '../app';
import { adminAuditLog, deliveryReports, orders } from '../db/schema';
import { signedInAdmin, signedUpBrowser } from '../testing/admins';
import { testConfig } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { createFulfilment, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';

const DAY_MS = 24 * 60 * 60 * 1000;
let numberCounter = 100;
/** A number the sandbox delivers to, new each time (a number topped up minutes ago is refused). */
const freshNumber = () => `0803${String(++numberCounter).padStart(7, '0')}`;

describe.each(TEST_DATABASE_KINDS)('"It didn\'t arrive" reports over HTTP on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database, now: () => clock, reconciler: false });
  });
  beforeEach(async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    await database.reset();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const customer = () => signedUpBrowser(app, database.db, `${randomUUID()}@example.com`);

  /** An order of the user's, paid and sent now (completed, unless the number's outcome says otherwise). */
  async function sentOrder(userId: string, phone: string = freshNumber()) {
    const { services } = sandboxOrderServices(database.db, clock);
    const { orderId } = await paidOrder(services, { userId, phone });
    return createFulfilment(services).fulfil(orderId, 'browser');
  }

  const report = (browser: Awaited<ReturnType<typeof customer>>, orderId: string, body: unknown = {}) =>
    browser.post(`/api/orders/${orderId}/delivery-report`, body);

  it('reports a completed top-up with a trimmed message, and the history and the order show it', async () => {
    const browser = await customer();
    const order = await sentOrder(browser.id);
    expect(order.status).toBe('completed');
    const listedBefore = (await browser.get('/api/orders')).json<OrderListResponse>().orders[0]!;
    expect(listedBefore).toMatchObject({ id: order.id, deliveryReport: null, canReportDelivery: true });

    const answer = await report(browser, order.id, { message: '  My mother got nothing  ' });
    expect(answer.statusCode, answer.body).toBe(201);
    const { report: created } = answer.json<DeliveryReportResponse>();
    expect(created).toMatchObject({ orderId: order.id, status: 'reported', message: 'My mother got nothing', reference: null, resolvedAt: null });

    const listed = (await browser.get('/api/orders')).json<OrderListResponse>().orders[0]!;
    expect(listed).toMatchObject({ deliveryReport: created, canReportDelivery: false });
    const detail = (await browser.get(`/api/orders/${order.id}`)).json<OrderDetailResponse>();
    expect(detail.order).toMatchObject({ deliveryReport: created, canReportDelivery: false });
    expect((await browser.get(`/api/delivery-reports/${created.id}`)).json<DeliveryReportResponse>().report).toEqual(created);
  });

  it('takes a report without a message, and an empty message as none', async () => {
    const browser = await customer();
    const first = await sentOrder(browser.id);
    const second = await sentOrder(browser.id);
    expect((await report(browser, first.id)).json<DeliveryReportResponse>().report.message).toBeNull();
    expect((await report(browser, second.id, { message: '   ' })).json<DeliveryReportResponse>().report.message).toBeNull();
  });

  it('refuses a message over 500 characters with 400 naming it, and writes nothing', async () => {
    const browser = await customer();
    const order = await sentOrder(browser.id);
    const answer = await report(browser, order.id, { message: 'x'.repeat(DELIVERY_REPORT_MESSAGE_MAX_LENGTH + 1) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'message', messageKey: 'apiErrors.deliveryReportMessageTooLong' });
    expect(await database.db.select().from(deliveryReports)).toEqual([]);
    expect((await report(browser, order.id, { message: 'x'.repeat(DELIVERY_REPORT_MESSAGE_MAX_LENGTH) })).statusCode).toBe(201);
  });

  it('refuses an order that is not completed with 409', async () => {
    const browser = await customer();
    const failed = await sentOrder(browser.id, SANDBOX_NUMBERS.failed);
    expect(failed.status).toBe('canceled');
    const answer = await report(browser, failed.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'DELIVERY_REPORT_NOT_COMPLETED', messageKey: 'apiErrors.deliveryReportNotCompleted' });
    expect((await browser.get(`/api/orders/${failed.id}`)).json<OrderDetailResponse>().order.canReportDelivery).toBe(false);
  });

  it('takes a report until 7 days after the top-up completed, and refuses it after', async () => {
    const browser = await customer();
    const late = await sentOrder(browser.id);
    const inTime = await sentOrder(browser.id);
    clock = new Date(clock.getTime() + 7 * DAY_MS - 1000);
    expect((await report(browser, inTime.id)).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 1000);
    expect((await browser.get(`/api/orders/${late.id}`)).json<OrderDetailResponse>().order.canReportDelivery).toBe(false);
    const answer = await report(browser, late.id);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'DELIVERY_REPORT_TOO_LATE', messageKey: 'apiErrors.deliveryReportTooLate' });
  });

  it("answers 404 for another customer's order and report, as for ones that do not exist", async () => {
    const owner = await customer();
    const stranger = await customer();
    const order = await sentOrder(owner.id);
    const { report: created } = (await report(owner, order.id)).json<DeliveryReportResponse>();
    const other = await sentOrder(owner.id);

    for (const id of [other.id, randomUUID(), 'not-an-order']) {
      const answer = await report(stranger, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', messageKey: 'apiErrors.orderNotFound' });
    }
    for (const id of [created.id, randomUUID(), 'not-a-report']) {
      const answer = await stranger.get(`/api/delivery-reports/${id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'DELIVERY_REPORT_NOT_FOUND', messageKey: 'apiErrors.deliveryReportNotFound' });
    }
    expect(await database.db.select().from(deliveryReports)).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const browser = await customer();
    const order = await sentOrder(browser.id);
    const answer = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/delivery-report`, payload: {} });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses a second open report with 409, and of 20 simultaneous reports writes one', async () => {
    const browser = await customer();
    const order = await sentOrder(browser.id);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => report(browser, order.id, { message: `try ${index}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array<number>(19).fill(409)]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      code: 'DELIVERY_REPORT_OPEN',
      message: 'You have already reported this top-up. We are checking it and will show the answer here.',
    });
    expect(await database.db.select().from(deliveryReports).where(eq(deliveryReports.orderId, order.id))).toHaveLength(1);
  });

  describe('in the console', () => {
    async function reportedOrder(message = 'Nothing arrived') {
      const browser = await customer();
      const order = await sentOrder(browser.id);
      clock = new Date(clock.getTime() + 60_000);
      const { report: created } = (await report(browser, order.id, { message })).json<DeliveryReportResponse>();
      return { browser, order, created };
    }

    it('lists a reported order in the attention queue with its reason, its report time and the count', async () => {
      const admin = await signedInAdmin(app, database.db, 'boss@example.com');
      const { order, created } = await reportedOrder();
      const queue = (await admin.get('/api/admin/attention')).json<AdminAttentionResponse>();
      expect(queue.count).toBe(1);
      expect(queue.items).toEqual([
        { order: expect.objectContaining({ id: order.id, attention: 'delivery_report' }), reason: 'delivery_report', since: created.createdAt },
      ]);
      expect((await admin.get('/api/admin/attention/count')).json()).toMatchObject({ count: 1 });

      const detail = (await admin.get(`/api/admin/orders/${order.id}`)).json<AdminOrderResponse>().order;
      expect(detail).toMatchObject({
        attention: 'delivery_report',
        attentionSince: created.createdAt,
        operatorTransactionId: order.operatorTransactionId,
        deliveryReport: { id: created.id, status: 'reported', message: 'Nothing arrived' },
      });
      expect(order.operatorTransactionId).toEqual(expect.any(String));
    });

    it("marks a report as being checked, resolves it as delivered with the operator's reference, audits both, and the customer reads it", async () => {
      const admin = await signedInAdmin(app, database.db, 'boss@example.com');
      const { browser, order, created } = await reportedOrder();

      const checking = await admin.post(`/api/admin/orders/${order.id}/delivery-report/checking`, { reason: 'Asking the operator' });
      expect(checking.statusCode, checking.body).toBe(200);
      expect(checking.json<AdminOrderActionResponse>().order).toMatchObject({ attention: 'delivery_report', deliveryReport: { status: 'checking' } });
      expect((await browser.get(`/api/delivery-reports/${created.id}`)).json<DeliveryReportResponse>().report.status).toBe('checking');

      const again = await admin.post(`/api/admin/orders/${order.id}/delivery-report/checking`, { reason: 'Twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'DELIVERY_REPORT_STATUS_CONFLICT', details: { status: 'checking' } });

      clock = new Date(clock.getTime() + 60_000);
      const resolved = await admin.post(`/api/admin/orders/${order.id}/delivery-report/delivered`, { reason: 'Operator confirms delivery' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(resolved.json<AdminOrderActionResponse>().order).toMatchObject({
        attention: null,
        deliveryReport: {
          status: 'delivered',
          resolutionReference: order.operatorTransactionId,
          resolutionNote: 'Operator confirms delivery',
          resolvedByEmail: 'boss@example.com',
          resolvedAt: clock.toISOString(),
        },
      });
      expect((await admin.get('/api/admin/attention')).json<AdminAttentionResponse>()).toMatchObject({ items: [], count: 0 });

      const seen = (await browser.get(`/api/orders/${order.id}`)).json<OrderDetailResponse>().order;
      expect(seen.deliveryReport).toMatchObject({ status: 'delivered', reference: order.operatorTransactionId, resolvedAt: clock.toISOString() });
      expect(seen.canReportDelivery).toBe(true);

      const audit = await database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
      expect(audit.map((row) => [row.action, row.targetType, row.targetId, row.reason, row.before, row.after])).toEqual([
        [
          'delivery_report.checking',
          'order',
          order.id,
          'Asking the operator',
          { report: created.id, status: 'reported' },
          { report: created.id, status: 'checking' },
        ],
        [
          'delivery_report.delivered',
          'order',
          order.id,
          'Operator confirms delivery',
          { report: created.id, status: 'checking' },
          { report: created.id, status: 'delivered', reference: order.operatorTransactionId },
        ],
      ]);
    });

    it("keeps the admin's own reference when one is given", async () => {
      const admin = await signedInAdmin(app, database.db, 'boss@example.com');
      const { order } = await reportedOrder();
      const resolved = await admin.post(`/api/admin/orders/${order.id}/delivery-report/delivered`, { reason: 'Checked', reference: ' OP-77 ' });
      expect(resolved.json<AdminOrderActionResponse>().order.deliveryReport).toMatchObject({ status: 'delivered', resolutionReference: 'OP-77' });
    });

    it('refuses to resolve as delivered without a reference when the order has no operator transaction id', async () => {
      const admin = await signedInAdmin(app, database.db, 'boss@example.com');
      const { order } = await reportedOrder();
      await database.db.update(orders).set({ operatorTransactionId: null }).where(eq(orders.id, order.id));
      const answer = await admin.post(`/api/admin/orders/${order.id}/delivery-report/delivered`, { reason: 'Checked' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'reference', messageKey: 'apiErrors.deliveryReportReferenceRequired' });
      expect(await database.db.select().from(adminAuditLog)).toEqual([]);
    });

    it('refunding the order resolves its open report as refunded, with the refund id', async () => {
      const admin = await signedInAdmin(app, database.db, 'boss@example.com');
      const { browser, order, created } = await reportedOrder();
      const refunded = await admin.post(`/api/admin/orders/${order.id}/refund`, { reason: 'Operator has no trace of it' });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const detail = refunded.json<AdminOrderActionResponse>().order;
      expect(detail).toMatchObject({
        status: 'refunded',
        attention: null,
        deliveryReport: { status: 'refunded', resolutionReference: detail.refundId },
      });
      const seen = (await browser.get(`/api/delivery-reports/${created.id}`)).json<DeliveryReportResponse>().report;
      expect(seen).toMatchObject({ status: 'refunded', reference: null, resolvedAt: clock.toISOString() });
      const answer = await admin.post(`/api/admin/orders/${order.id}/delivery-report/delivered`, { reason: 'Too late' });
      expect(answer.json()).toMatchObject({ code: 'DELIVERY_REPORT_STATUS_CONFLICT', details: { status: 'refunded' } });
    });

    it('answers 404 for an order without a report, and refuses customers', async () => {
      const admin = await signedInAdmin(app, database.db, 'boss@example.com');
      const { browser, order } = await reportedOrder();
      const plain = await sentOrder(browser.id);
      for (const id of [plain.id, randomUUID(), 'nope']) {
        const answer = await admin.post(`/api/admin/orders/${id}/delivery-report/checking`, { reason: 'Look' });
        expect(answer.statusCode).toBe(404);
      }
      const refused = await browser.post(`/api/admin/orders/${order.id}/delivery-report/delivered`, { reason: 'Mine' });
      expect(refused.statusCode).toBe(403);
      expect((await admin.post(`/api/admin/orders/${order.id}/delivery-report/checking`, {})).statusCode).toBe(400);
    });
  });
});
