import { describe, expect, it } from 'vitest';
import type { AdminSettlementResponse } from '../../../shared/api/admin-settlement';
import { utcDay } from '../../orders/daily-figures';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';
import { parseCsv } from '../../testing/csv';
import { insertOrderRow } from '../../testing/order-rows';
import { insertTestUser } from '../../testing/orders';

describe('GET /api/admin/settlement', () => {
  const testApp = useTestApp();
  const today = utcDay(new Date());

  it('answers the days, their totals, countries and operators in integer cents, and the same as a spreadsheet', async () => {
    const admin = await signedInAdmin(testApp);
    const customer = await insertTestUser(testApp.database.db);
    await insertOrderRow(testApp.database.db, {
      userId: customer,
      status: 'completed',
      totalCents: 1063,
      percentageFeeCents: 30,
      standardFeeCents: 33,
      providerCostCents: 930,
      processorFeeCents: 61,
      createdAt: new Date(),
    });
    const answer = await admin.browser.get(`/api/admin/settlement?from=${today}&to=${today}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<AdminSettlementResponse>();
    const figures = {
      orders: { completed: 1, refunded: 0, disputed: 0 },
      capturedCents: 1063,
      refundedCents: 0,
      disputedCents: 0,
      processorFeeCents: 61,
      providerCostCents: 930,
      feesChargedCents: 63,
      marginCents: 72,
    };
    expect(body).toMatchObject({ success: true, from: today, to: today, totals: { ...figures, walletDifferenceCents: 0 } });
    expect(body.days).toEqual([{ day: today, ...figures, wallet: null, walletDifferenceCents: 0 }]);
    expect(body.countries).toEqual([{ countryIso: 'NG', ...figures }]);
    expect(body.operators).toEqual([{ operatorId: 341, countryIso: 'NG', operatorName: 'MTN Nigeria', ...figures }]);

    const csv = await admin.browser.get(`/api/admin/settlement?from=${today}&to=${today}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="settlement-${today}-${today}.csv"`);
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    const records = rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]])));
    expect(
      records.map((record) => [record.day, record.orders_completed, record.captured, record.processor_fees, record.provider_cost, record.margin]),
    ).toEqual([
      [today, '1', '10.63', '0.61', '9.30', '0.72'],
      ['total', '1', '10.63', '0.61', '9.30', '0.72'],
    ]);
  });

  it.each([
    ['from=2026-13-01&to=2026-11-02', 'from'],
    ['from=2026-02-30&to=2026-03-02', 'from'],
    ['from=2026-11-01&to=yesterday', 'to'],
    ['to=2026-11-02', 'from'],
    ['from=2026-11-02&to=2026-11-01', 'to'],
    ['from=2025-11-01&to=2026-11-02', 'to'],
    ['from=2026-11-01&to=2026-11-02&format=xlsx', 'format'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const admin = await signedInAdmin(testApp);
    const answer = await admin.browser.get(`/api/admin/settlement?${query}`);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ field });
  });

  it('accepts a range of 366 days, both ends included', async () => {
    const admin = await signedInAdmin(testApp);
    const answer = await admin.browser.get('/api/admin/settlement?from=2025-11-03&to=2026-11-03');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<AdminSettlementResponse>().days).toHaveLength(366);
  });
});
