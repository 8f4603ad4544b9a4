import { describe, expect, it } from 'vitest';
import { adminAuditLog } from '../db/schema';
import { useTestApp } from '../testing/app';
import { signedInAdmin } from '../testing/admin-client';
import { insertTestUser, paidOrder, sandboxOrderServices } from '../testing/orders';

const NUL = '%00';

/** PostgreSQL text cannot hold a NUL character: every text the console sends is refused before it reaches a query. */
describe('the console’s text inputs', () => {
  const testApp = useTestApp();

  it.each([
    ['/api/admin/orders?q=a%00b', 'q'],
    [`/api/admin/customers?q=amina${NUL}`, 'q'],
    [`/api/admin/audit-log?actor=boss${NUL}@example.com`, 'actor'],
    [`/api/admin/audit-log?targetId=x${NUL}`, 'targetId'],
    [`/api/admin/orders?cursor=abc${NUL}`, 'cursor'],
  ])('answers GET %s with a 400 naming %s', async (url, field) => {
    const admin = await signedInAdmin(testApp);
    const answer = await admin.browser.get(url);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
  });

  it('refuses an action whose reason holds a NUL, writing nothing', async () => {
    const admin = await signedInAdmin(testApp);
    const { services } = sandboxOrderServices(testApp.database.db);
    const { orderId } = await paidOrder(services, { userId: await insertTestUser(testApp.database.db) });
    const answer = await admin.browser.post(`/api/admin/orders/${orderId}/check`, { reason: 'customer\u0000called' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'reason' });
    expect(await testApp.database.db.select().from(adminAuditLog)).toHaveLength(0);
  });
});
