import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OperatorInfo, PriceConfigResponse } from '../../../shared/api/catalog';
import type {
  AdminPromoCodeOrdersResponse,
  AdminPromoCodeResponse,
  AdminPromoCodesResponse,
  PromoCodeCheckResponse,
} from '../../../shared/api/promo-codes';
import { formatUsd, parseFeeConfig, priceTopUp, toCents } from '../../../shared/pricing';
import { adminAuditLog } from '../../db/schema';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';

const MTN_NG = '08031234567';

/** A code's terms as the console's editor sends them: $0.20 off the fee, for a year around now. */
const TERMS = {
  code: 'Welcome-20',
  kind: 'fixed',
  appliesTo: 'fee',
  value: 20,
  startsAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString(),
  budgetCents: 10_000,
  usesPerCustomer: 2,
  firstTopUpOnly: false,
  minAmountCents: 0,
  enabled: true,
  reason: 'Welcome campaign',
};

describe('promo codes in the console and on the review', () => {
  const testApp = useTestApp();
  type Browser = ReturnType<typeof testApp.client>;

  async function detect(phone: string): Promise<OperatorInfo> {
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/NG` });
    return answer.json().data as OperatorInfo;
  }

  async function customer() {
    const browser = testApp.client();
    expect((await browser.signUp(`${randomUUID()}@example.com`, 'Lagos-to-Accra-2026')).statusCode).toBe(200);
    return browser;
  }

  /** The review's figures for the operator's first amount: the price shown without a code. */
  async function review(operator: OperatorInfo) {
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/price-config?countryCode=NG&operatorId=${operator.operatorId}` });
    const amountCents = toCents(operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : Math.max(operator.minAmount ?? 5, 5));
    return priceTopUp(amountCents, parseFeeConfig(answer.json() as PriceConfigResponse));
  }

  const create = (boss: Browser, terms: Record<string, unknown> = {}) => boss.post('/api/admin/promo-codes', { ...TERMS, ...terms });

  it('creates a code normalised, refuses bad terms naming the field, and a code already taken', async () => {
    const { browser: boss } = await signedInAdmin(testApp);
    const created = await create(boss);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<AdminPromoCodeResponse>().code).toMatchObject({
      code: 'WELCOME20',
      version: 1,
      uses: 0,
      discountCents: 0,
      updatedByEmail: 'boss@example.com',
    });

    for (const [terms, field] of [
      [{ kind: 'percent', value: 10_001 }, 'value'],
      [{ endsAt: TERMS.startsAt }, 'endsAt'],
      [{ budgetCents: -5 }, 'budgetCents'],
      [{ code: 'a!' }, 'code'],
      [{ reason: ' ' }, 'reason'],
      [{ kind: 'half' }, 'kind'],
    ] as const) {
      const refused = await create(boss, { code: 'OTHER', ...terms });
      expect(refused.statusCode, JSON.stringify(terms)).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, field });
    }
    const taken = await create(boss, { code: 'welcome 20' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'PROMO_CODE_TAKEN', field: 'code' });
  });

  it('changes a code on the version read only (409 with the code in force otherwise), audited before and after', async () => {
    const { browser: boss } = await signedInAdmin(testApp);
    const { code } = (await create(boss)).json<AdminPromoCodeResponse>();
    const changed = await boss.put(`/api/admin/promo-codes/${code.id}`, { ...TERMS, value: 30, version: 1, reason: 'Better offer' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminPromoCodeResponse>().code).toMatchObject({ value: 30, version: 2 });

    const stale = await boss.put(`/api/admin/promo-codes/${code.id}`, { ...TERMS, enabled: false, version: 1, reason: 'Stop it' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SETTINGS_CONFLICT', details: { current: { code: { version: 2, value: 30 } } } });

    const disabled = await boss.put(`/api/admin/promo-codes/${code.id}`, {
      ...TERMS,
      value: 30,
      enabled: false,
      version: 2,
      reason: 'Campaign over',
    });
    expect(disabled.json<AdminPromoCodeResponse>().code).toMatchObject({ enabled: false, version: 3 });
    const audit = await testApp.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, String(code.id)))
      .orderBy(adminAuditLog.id);
    expect(audit.map((row) => [row.action, row.targetType, row.reason])).toEqual([
      ['promo.create', 'promo_code', 'Welcome campaign'],
      ['promo.update', 'promo_code', 'Better offer'],
      ['promo.disable', 'promo_code', 'Campaign over'],
    ]);
    expect(audit[1]).toMatchObject({ before: { value: 20, version: 1 }, after: { value: 30, version: 2 } });
    expect((await boss.put('/api/admin/promo-codes/999999', { ...TERMS, version: 1 })).statusCode).toBe(404);
  });

  it('prices a code on the review as checkout charges it, and the console counts its use, discount and orders', async () => {
    const { browser: boss } = await signedInAdmin(testApp);
    const { code } = (await create(boss)).json<AdminPromoCodeResponse>();
    const payer = await customer();
    const operator = await detect(MTN_NG);
    const price = await review(operator);
    const body = { amount: formatUsd(price.amountCents), operatorId: operator.operatorId, countryCode: 'NG' };

    const unknown = await payer.post('/api/promo-codes/check', { ...body, code: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'PROMO_UNKNOWN', field: 'promoCode', messageKey: 'apiErrors.promoUnknown' });

    const checked = await payer.post('/api/promo-codes/check', { ...body, code: ' welcome-20 ' });
    expect(checked.statusCode, checked.body).toBe(200);
    const discounted = checked.json<PromoCodeCheckResponse>();
    expect(discounted).toMatchObject({ code: 'WELCOME20', discount: '0.20', totalAmount: formatUsd(price.totalCents - 20) });

    const paid = await payer.post('/api/create-payment-intent', {
      ...body,
      phone: MTN_NG,
      orderKey: randomUUID(),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: discounted.totalAmount,
      promoCode: 'welcome20',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ totalAmount: discounted.totalAmount, discount: '0.20' });

    const listed = (await boss.get('/api/admin/promo-codes')).json<AdminPromoCodesResponse>();
    expect(listed.codes).toEqual([expect.objectContaining({ id: code.id, uses: 1, discountCents: 20 })]);
    const orders = (await boss.get(`/api/admin/promo-codes/${code.id}/orders`)).json<AdminPromoCodeOrdersResponse>();
    expect(orders.orders).toEqual([expect.objectContaining({ status: 'created', discountCents: 20, totalCents: price.totalCents - 20 })]);
  });
});
