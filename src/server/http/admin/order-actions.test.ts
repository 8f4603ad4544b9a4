import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderActionResponse } from '../../../shared/api/admin';
import { ADMIN_REASON_MAX_LENGTH } from '../../../shared/api/admin';
import { adminAuditLog, user } from '../../db/schema';
import { totpCode } from '../../testing/accounts';
import { useTestApp } from '../../testing/app';
import { createFulfilment, insertTestUser, paidOrder, sandboxOrderServices } from '../../testing/orders';

const PASSWORD = 'Lagos-to-Accra-2026';

describe('POST /api/admin/orders/:id/check | release | refund', () => {
  const test = useTestApp();
  let admin: ReturnType<typeof test.client>;

  beforeEach(async () => {
    admin = test.client();
    expect((await admin.signUp('boss@example.com', PASSWORD)).statusCode).toBe(200);
    await test.database.db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, 'boss@example.com'));
    const { totpURI } = (await admin.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as { totpURI: string };
    expect((await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
  });

  async function completedOrder() {
    const { services } = sandboxOrderServices(test.database.db, new Date());
    const { orderId } = await paidOrder(services, { userId: await insertTestUser(test.database.db) });
    return createFulfilment(services).fulfil(orderId, 'browser');
  }

  it('refunds a completed order and answers the order as the console shows it', async () => {
    const order = await completedOrder();
    const response = await admin.post(`/api/admin/orders/${order.id}/refund`, { reason: '  Recipient never got it  ' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as AdminOrderActionResponse;
    expect(body).toMatchObject({
      success: true,
      order: {
        id: order.id,
        status: 'refunded',
        refundId: expect.stringMatching(/^re_sandbox_/),
        refundedAt: expect.any(String),
        totalCents: order.totalCents,
        callingCode: '234',
        paymentProvider: 'sandbox',
        actions: [],
        attention: null,
      },
    });
    const [audit] = await test.database.db.select().from(adminAuditLog);
    expect(audit).toMatchObject({ action: 'order.refund', actorEmail: 'boss@example.com', reason: 'Recipient never got it' });
  });

  it('answers 409 with the current status when the order does not allow the action', async () => {
    const order = await completedOrder();
    const response = await admin.post(`/api/admin/orders/${order.id}/release`, { reason: 'Cancel it' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'ORDER_STATUS_CONFLICT',
      messageKey: 'apiErrors.orderStatusConflict',
      message: 'This order changed, or its status does not allow this action. It is now: completed.',
      details: { status: 'completed' },
    });
  });

  it.each(['check', 'release', 'refund'])('%s: answers 404 ORDER_NOT_FOUND for an id that is not a uuid or no order', async (action) => {
    for (const id of ['not-a-uuid', randomUUID()]) {
      const response = await admin.post(`/api/admin/orders/${id}/${action}`, { reason: 'Look' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'ORDER_NOT_FOUND', messageKey: 'apiErrors.orderNotFound' });
    }
  });

  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a reason that is not text', { reason: 42 }],
    ['a reason over the limit', { reason: 'x'.repeat(ADMIN_REASON_MAX_LENGTH + 1) }],
  ])('answers 400 naming reason for %s, and does nothing', async (_label, body) => {
    const order = await completedOrder();
    const response = await admin.post(`/api/admin/orders/${order.id}/refund`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'reason' });
    expect(await test.database.db.select().from(adminAuditLog)).toEqual([]);
  });
});
