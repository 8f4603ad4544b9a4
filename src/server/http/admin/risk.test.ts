import { describe, expect, it } from 'vitest';
import type { AdminBlocklistEntryResponse, AdminBlocklistResponse, AdminRiskSettingsResponse } from '../../../shared/api/risk';
import { TEST_ORIGIN } from '../../testing/accounts';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';

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
});
