import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminDisputeEvidenceResponse } from '../../../shared/api/admin-disputes';
import { adminAuditLog, disputes, orderRiskSignals, orders, session, user } from '../../db/schema';
import { totpCode } from '../../testing/accounts';
import { useTestApp } from '../../testing/app';
import { DISPUTE_CARDS, wiredSandbox } from '../../testing/disputes';
import { insertTestUser, paidOrder } from '../../testing/orders';

const PASSWORD = 'Lagos-to-Accra-2026';

describe('GET | POST /api/admin/orders/:id/dispute/evidence', () => {
  const test = useTestApp();
  let admin: ReturnType<typeof test.client>;

  beforeEach(async () => {
    admin = test.client();
    expect((await admin.signUp('boss@example.com', PASSWORD)).statusCode).toBe(200);
    await test.database.db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, 'boss@example.com'));
    const { totpURI } = (await admin.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as { totpURI: string };
    expect((await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
  });

  /** A completed order of a customer who signed in twice, disputed as fraud; `card` 4242 leaves it undisputed. */
  async function disputedOrder(card: { number: string } = DISPUTE_CARDS.fraudulent) {
    const wired = wiredSandbox(test.database.db);
    const customerId = await insertTestUser(test.database.db, card === DISPUTE_CARDS.fraudulent ? 'amina@example.com' : undefined);
    const { orderId } = await paidOrder(wired.services, { userId: customerId, card });
    await wired.fulfilment.fulfil(orderId, 'browser');
    if (card === DISPUTE_CARDS.fraudulent) await wired.settled(2);
    await test.database.db
      .update(orderRiskSignals)
      .set({ clientAddress: '203.0.113.7', checkout: { addressCountry: 'GB' } })
      .where(eq(orderRiskSignals.orderId, orderId));
    for (const [hour, agent] of [
      [8, 'Mozilla/5.0 (iPhone) Safari'],
      [9, 'Mozilla/5.0 (Windows NT 10.0) Firefox'],
    ] as const) {
      await test.database.db.insert(session).values({
        id: randomUUID(),
        token: randomUUID(),
        userId: customerId,
        createdAt: new Date(`2026-11-22T0${hour}:00:00Z`),
        updatedAt: new Date(`2026-11-22T0${hour}:00:00Z`),
        expiresAt: new Date('2026-12-22T00:00:00Z'),
        ipAddress: `203.0.113.${hour}`,
        userAgent: agent,
      });
    }
    const [order] = await test.database.db.select().from(orders).where(eq(orders.id, orderId));
    return order!;
  }

  it('downloads the evidence as a text file: the order, the delivery, the customer, the sign-ins and the receipt', async () => {
    const order = await disputedOrder();
    const response = await admin.get(`/api/admin/orders/${order.id}/dispute/evidence`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="dispute-evidence-${order.reference}.txt"`);
    const text = response.body;
    for (const line of [
      `Reference: ${order.reference}`,
      `Total charged: ${(order.totalCents / 100).toFixed(2)} USD`,
      `Transaction id: ${order.topupTransactionId}`,
      `Operator: ${order.operatorName} (NG)`,
      `Delivered at: ${order.deliveredAt!.toISOString()}`,
      'E-mail: amina@example.com',
      'IP address at checkout: 203.0.113.7',
      'Address country (of the IP address): GB',
      "Card's issuing country: US",
      '3-D Secure: not asked',
      'Reason: fraudulent',
      '2026-11-22T09:00:00.000Z  203.0.113.9  Mozilla/5.0 (Windows NT 10.0) Firefox',
      '2026-11-22T08:00:00.000Z  203.0.113.8  Mozilla/5.0 (iPhone) Safari',
      'RECEIPT (as e-mailed to the customer)',
    ]) {
      expect(text).toContain(line);
    }
    // Newest sign-in first.
    expect(text.indexOf('203.0.113.9')).toBeLessThan(text.indexOf('203.0.113.8'));
  });

  it('submits the evidence with the statement, audited; the dispute goes under review and a second submission is a 409', async () => {
    const order = await disputedOrder();
    expect((await admin.post(`/api/admin/orders/${order.id}/dispute/evidence`, { statement: '   ' })).statusCode).toBe(400);
    const response = await admin.post(`/api/admin/orders/${order.id}/dispute/evidence`, {
      statement: 'The top-up was delivered to the number the customer typed.',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as AdminDisputeEvidenceResponse;
    expect(body.dispute).toMatchObject({
      reason: 'fraudulent',
      status: 'under_review',
      evidenceSubmittedBy: 'boss@example.com',
      evidenceSubmittedAt: expect.any(String),
      canSubmitEvidence: false,
    });
    const [audit] = await test.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'dispute.evidence'));
    expect(audit).toMatchObject({
      targetType: 'order',
      targetId: order.id,
      actorEmail: 'boss@example.com',
      reason: 'The top-up was delivered to the number the customer typed.',
      after: { status: 'under_review' },
    });
    const again = await admin.post(`/api/admin/orders/${order.id}/dispute/evidence`, { statement: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DISPUTE_NOT_AWAITING_EVIDENCE', details: { status: 'under_review' } });
    // The order page shows it.
    const detail = (await admin.get(`/api/admin/orders/${order.id}`)).json() as { order: { dispute: unknown } };
    expect(detail.order.dispute).toMatchObject({ status: 'under_review', canSubmitEvidence: false });
  });

  it('a winning statement wins the dispute in the sandbox, its events arriving after the answer', async () => {
    const order = await disputedOrder();
    const response = await admin.post(`/api/admin/orders/${order.id}/dispute/evidence`, { statement: 'winning_evidence' });
    expect(response.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const [record] = await test.database.db.select().from(disputes).where(eq(disputes.orderId, order.id));
      expect(record).toMatchObject({ status: 'won', outcome: 'won' });
    });
    await vi.waitFor(async () => {
      const [after] = await test.database.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after).toMatchObject({ disputedCents: 0, disputeFeeCents: 1500 });
    });
  });

  it('answers 409 for a dispute that no longer awaits evidence', async () => {
    const order = await disputedOrder();
    await test.database.db.update(disputes).set({ status: 'lost' }).where(eq(disputes.orderId, order.id));
    const closed = await admin.post(`/api/admin/orders/${order.id}/dispute/evidence`, { statement: 'Too late' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'DISPUTE_NOT_AWAITING_EVIDENCE', details: { status: 'lost' } });
    expect(await test.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'dispute.evidence'))).toEqual([]);
  });

  it('answers 404 without a dispute or an order', async () => {
    const undisputed = await disputedOrder({ number: '4242424242424242' });
    for (const response of [
      await admin.get(`/api/admin/orders/${undisputed.id}/dispute/evidence`),
      await admin.post(`/api/admin/orders/${undisputed.id}/dispute/evidence`, { statement: 'Nothing to answer' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'DISPUTE_NOT_FOUND' });
    }
    expect((await admin.get(`/api/admin/orders/${randomUUID()}/dispute/evidence`)).json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await admin.get('/api/admin/orders/not-an-id/dispute/evidence')).statusCode).toBe(404);
    expect(await test.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'dispute.evidence'))).toEqual([]);
  });
});
