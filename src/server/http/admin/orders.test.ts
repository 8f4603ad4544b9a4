import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminAttentionCountResponse, AdminAttentionResponse, AdminOrderResponse, AdminOrdersResponse } from '../../../shared/api/admin';
import type { AdminOverviewResponse } from '../../../shared/api/admin-overview';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';
import { insertOrderEvent, insertOrderRow } from '../../testing/order-rows';
import { insertTestUser } from '../../testing/orders';

const HOUR = 60 * 60 * 1000;

describe('the console’s order routes', () => {
  const testApp = useTestApp();

  async function withOrders() {
    const admin = await signedInAdmin(testApp);
    const customer = await insertTestUser(testApp.database.db, 'amina@example.com');
    const now = Date.now();
    const older = await insertOrderRow(testApp.database.db, { userId: customer, status: 'completed', createdAt: new Date(now - 2 * HOUR) });
    const stuck = await insertOrderRow(testApp.database.db, {
      userId: customer,
      status: 'capture_failed',
      createdAt: new Date(now - HOUR),
      updatedAt: new Date(now - HOUR),
    });
    await insertOrderEvent(testApp.database.db, { orderId: stuck.id, fromStatus: 'delivered', toStatus: 'capture_failed', source: 'reconciler' });
    await insertOrderEvent(testApp.database.db, {
      orderId: stuck.id,
      fromStatus: 'capture_failed',
      toStatus: 'capture_failed',
      source: 'admin',
      actorId: admin.id,
      detail: { reason: 'Asked the bank' },
    });
    return { admin, older, stuck };
  }

  it('lists orders newest first, page by page, with filters and the search box', async () => {
    const { admin, older, stuck } = await withOrders();
    const first = (await admin.browser.get('/api/admin/orders?limit=1')).json<AdminOrdersResponse>();
    expect(first.orders.map((row) => [row.id, row.customerEmail, row.attention])).toEqual([[stuck.id, 'amina@example.com', 'capture_failed']]);
    const second = await admin.browser.get(`/api/admin/orders?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.json()).toMatchObject({ success: true, nextCursor: null, orders: [{ id: older.id }] });
    const filtered = (
      await admin.browser.get('/api/admin/orders?status=completed&status=expired&country=ng&provider=sandbox')
    ).json<AdminOrdersResponse>();
    expect(filtered.orders.map((row) => row.id)).toEqual([older.id]);
    const searched = (await admin.browser.get(`/api/admin/orders?q=${encodeURIComponent('+234 803 123 4567')}`)).json<AdminOrdersResponse>();
    expect(searched.orders.map((row) => row.id)).toEqual([stuck.id, older.id]);
  });

  it('shows one order with its timeline, admin events naming their admin', async () => {
    const { admin, stuck } = await withOrders();
    const answer = await admin.browser.get(`/api/admin/orders/${stuck.id.toUpperCase()}`);
    expect(answer.statusCode).toBe(200);
    const { order, events } = answer.json<AdminOrderResponse>();
    expect(order).toMatchObject({ id: stuck.id, status: 'capture_failed', attention: 'capture_failed', actions: ['check'], callingCode: '234' });
    expect(events.map((event) => [event.source, event.actorId, event.actorEmail, event.detail])).toEqual([
      ['reconciler', null, null, null],
      ['admin', admin.id, 'boss@example.com', { reason: 'Asked the bank' }],
    ]);
  });

  it('answers the attention queue, its count and the overview', async () => {
    const { admin, stuck } = await withOrders();
    const queue = (await admin.browser.get('/api/admin/attention')).json<AdminAttentionResponse>();
    expect(queue).toMatchObject({ success: true, count: 1, items: [{ order: { id: stuck.id }, reason: 'capture_failed' }] });
    expect(queue.items[0]!.since).toBe(stuck.updatedAt.toISOString());
    expect((await admin.browser.get('/api/admin/attention/count')).json<AdminAttentionCountResponse>()).toEqual({ success: true, count: 1 });
    // The orders are an hour or two old: in the last 30 days whatever the time of day the test runs at.
    const overview = (await admin.browser.get('/api/admin/overview')).json<AdminOverviewResponse>();
    expect(overview).toMatchObject({ success: true, today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), attentionCount: 1 });
    expect(overview.windows.last30Days).toMatchObject({
      orders: 2,
      statusCounts: { completed: 1, capture_failed: 1 },
      deliveries: { delivered: 2, failed: 0, successRate: 1 },
      captured: { orders: 1, cents: 575 },
      feesCents: 75,
      topCountries: [{ countryIso: 'NG', orders: 1, cents: 575 }],
    });
    expect(overview.days).toHaveLength(30);
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown order and for an id that is not one', async () => {
    const { admin } = await withOrders();
    for (const id of [randomUUID(), 'not-a-uuid', '%27%20or%201%3D1', '123']) {
      const answer = await admin.browser.get(`/api/admin/orders/${id}`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json(), id).toMatchObject({ success: false, code: 'ORDER_NOT_FOUND', messageKey: 'apiErrors.orderNotFound' });
    }
  });

  it('takes dates at the ends of the years a query may name', async () => {
    const { admin, older, stuck } = await withOrders();
    for (const query of ['from=0001-01-01&to=9999-12-31', 'to=9999-12-31T23:59:59.999Z', 'from=2026-02-30']) {
      const answer = await admin.browser.get(`/api/admin/orders?${query}`);
      expect(answer.statusCode, query).toBe(200);
      expect(
        answer.json<AdminOrdersResponse>().orders.map((row) => row.id),
        query,
      ).toEqual([stuck.id, older.id]);
    }
  });

  it('answers 400 naming the field for a filter or cursor that does not parse', async () => {
    const { admin } = await withOrders();
    const first = (await admin.browser.get('/api/admin/orders?limit=1')).json<AdminOrdersResponse>();
    const tampered = `${first.nextCursor!.slice(0, 8)}${first.nextCursor![8] === 'A' ? 'B' : 'A'}${first.nextCursor!.slice(9)}`;
    const cases: Array<[string, string]> = [
      ['status=paid', 'status.0'],
      ['status=completed,bogus', 'status.1'],
      ['from=yesterday', 'from'],
      ['to=2026-13-45', 'to'],
      ['from=%2B010000-01-01', 'from'],
      ['country=NGA', 'country'],
      ['operator=mtn', 'operator'],
      ['operator=99999999999', 'operator'],
      ['operator=-3', 'operator'],
      ['provider=paypal', 'provider'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=2.5', 'limit'],
      [`q=${'9'.repeat(201)}`, 'q'],
      ['q=a%00%40example.com', 'q'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${encodeURIComponent(tampered)}`, 'cursor'],
    ];
    for (const [query, field] of cases) {
      const answer = await admin.browser.get(`/api/admin/orders?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    }
  });
});
