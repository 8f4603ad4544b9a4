import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  AdminBlocklistEntryResponse,
  AdminBlocklistResponse,
  AdminRiskReviewsResponse,
  AdminRiskSettingsResponse,
} from '../../../shared/api/risk';
import { adminAuditLog, orderRiskSignals, riskBlocklist, user } from '../../db/schema';
import { TEST_ORIGIN } from '../../testing/accounts';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';
import { createFulfilment, insertTestUser, paidOrder, sandboxOrderServices } from '../../testing/orders';

const ELEVATED_RISK_CARD = '4000000000009235';

describe('the risk desk’s console routes', () => {
  const testApp = useTestApp();

  it('shows the default rules, refuses a threshold out of range naming the field, and saves a valid change once', async () => {
    const { browser } = await signedInAdmin(testApp);
    const read = (await browser.get('/api/admin/risk/rules')).json() as AdminRiskSettingsResponse;
    expect(read.settings).toMatchObject({ version: 0, reviewWindowMinutes: 120 });
    expect(read.settings.rules.map((rule) => rule.id)).toContain('card-testing-account');
    const rules = read.settings.rules.map((rule) =>
      rule.id === 'first-day-spend' ? { ...rule, when: [{ signal: 'firstDaySpendCents', op: 'gt', value: 100_000_000 }] } : rule,
    );
    const refused = await browser.put('/api/admin/risk/rules', { version: 0, rules, reviewWindowMinutes: 120, reason: 'Tuning' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'rules.8.when.0.value' });
    const saved = await browser.put('/api/admin/risk/rules', {
      version: 0,
      rules: read.settings.rules.slice(1),
      reviewWindowMinutes: 60,
      reason: 'Tuning',
    });
    expect(saved.statusCode).toBe(200);
    const again = await browser.put('/api/admin/risk/rules', { version: 0, rules: [], reviewWindowMinutes: 60, reason: 'Late' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SETTINGS_CONFLICT', details: { current: { version: 1, reviewWindowMinutes: 60 } } });
  });

  it('adds a blocklist entry, refuses one that does not parse naming the value, and removes it with a reason', async () => {
    const { browser } = await signedInAdmin(testApp);
    const bad = await browser.post('/api/admin/risk/blocklist', { kind: 'address', value: '203.0.113.0/99', reason: 'Fraud ring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'value' });
    const added = await browser.post('/api/admin/risk/blocklist', { kind: 'address', value: '203.0.113.0/24', reason: 'Fraud ring' });
    expect(added.statusCode).toBe(201);
    const { entry } = added.json() as AdminBlocklistEntryResponse;
    expect((await browser.post('/api/admin/risk/blocklist', { kind: 'address', value: '203.0.113.0/24', reason: 'Twice' })).statusCode).toBe(409);
    const removal = (payload: Record<string, unknown>) =>
      testApp.app.inject({
        method: 'DELETE',
        url: `/api/admin/risk/blocklist/${entry.id}`,
        payload,
        headers: { origin: TEST_ORIGIN, cookie: browser.cookies },
      });
    expect((await removal({})).statusCode).toBe(400);
    expect((await removal({ reason: 'Cleared by the bank' })).statusCode).toBe(200);
    expect(((await browser.get('/api/admin/risk/blocklist')).json() as AdminBlocklistResponse).entries).toEqual([]);
  });

  /** An order paid with the provider's elevated-risk card: held for review, authorised and unsent. */
  async function heldOrder(email: string) {
    const { services } = sandboxOrderServices(testApp.database.db, new Date());
    const { orderId } = await paidOrder(services, { userId: await insertTestUser(testApp.database.db, email), card: { number: ELEVATED_RISK_CARD } });
    expect(await createFulfilment(services).fulfil(orderId, 'browser')).toMatchObject({ status: 'in_review' });
    return orderId;
  }

  it('lists an order held for review with its reference, payer and the rule that fired, and counts it', async () => {
    const { browser } = await signedInAdmin(testApp);
    const orderId = await heldOrder('held@example.com');
    const list = (await browser.get('/api/admin/risk/reviews')).json() as AdminRiskReviewsResponse;
    expect(list.count).toBe(1);
    expect(list.reviews).toEqual([
      expect.objectContaining({
        orderId,
        reference: expect.stringMatching(/^GT-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
        customerEmail: 'held@example.com',
        reviewEndsAt: expect.any(String),
        risk: expect.objectContaining({
          paymentDecision: 'review',
          firedRules: [expect.objectContaining({ id: 'radar-elevated', action: 'review' })],
        }),
      }),
    ]);
    expect((await browser.get('/api/admin/risk/reviews/count')).json()).toEqual({ success: true, count: 1 });
  });

  it('rejects with the account blocked for its own reason and the card blocklisted, each audited; a second reject is a 409 with the status', async () => {
    const { browser } = await signedInAdmin(testApp);
    const orderId = await heldOrder('fraud@example.com');
    const bad = await browser.post(`/api/admin/orders/${orderId}/reject`, { reason: 'Stolen card', blockAccount: true, blockReason: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'blockReason' });
    // The card is the one the payment's signals recorded when it was authorised: the provider is not asked again.
    await testApp.database.db
      .update(orderRiskSignals)
      .set({ payment: sql`${orderRiskSignals.payment} || '{"cardFingerprint":"fp_recorded_at_authorisation"}'::jsonb` })
      .where(eq(orderRiskSignals.orderId, orderId));
    const rejected = await browser.post(`/api/admin/orders/${orderId}/reject`, {
      reason: 'Stolen card',
      blockAccount: true,
      blockReason: 'Card testing ring',
      blocklistCard: true,
    });
    expect(rejected.statusCode).toBe(200);
    const db = testApp.database.db;
    const audit = await db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(audit.map(({ action, reason }) => ({ action, reason }))).toEqual([
      { action: 'order.reject', reason: 'Stolen card' },
      { action: 'customer.block', reason: 'Card testing ring' },
      { action: 'blocklist.add', reason: 'Stolen card' },
    ]);
    const [customer] = await db.select().from(user).where(eq(user.email, 'fraud@example.com'));
    expect(customer).toMatchObject({ blockedReason: 'Card testing ring' });
    expect(await db.select({ kind: riskBlocklist.kind, value: riskBlocklist.value }).from(riskBlocklist)).toEqual([
      { kind: 'card', value: 'fp_recorded_at_authorisation' },
    ]);
    const again = await browser.post(`/api/admin/orders/${orderId}/reject`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_STATUS_CONFLICT', details: { status: 'canceled' } });
    expect((await browser.get('/api/admin/risk/reviews/count')).json()).toEqual({ success: true, count: 0 });
  });

  it('keeps a rule switched off in the set, and refuses an enabled flag that is not true or false naming the field', async () => {
    const { browser } = await signedInAdmin(testApp);
    const { settings } = (await browser.get('/api/admin/risk/rules')).json() as AdminRiskSettingsResponse;
    const switched = (enabled: unknown) => settings.rules.map((rule, index) => (index === 4 ? { ...rule, enabled } : rule));
    const bad = await browser.put('/api/admin/risk/rules', { version: 0, rules: switched('off'), reviewWindowMinutes: 120, reason: 'Tuning' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'rules.4.enabled' });
    const saved = await browser.put('/api/admin/risk/rules', { version: 0, rules: switched(false), reviewWindowMinutes: 120, reason: 'Tuning' });
    expect(saved.statusCode).toBe(200);
    const read = (await browser.get('/api/admin/risk/rules')).json() as AdminRiskSettingsResponse;
    expect(read.settings.rules[4]).toMatchObject({ id: 'radar-elevated', enabled: false });
  });
});
