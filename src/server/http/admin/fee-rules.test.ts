import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminFeeRuleOperatorsResponse, AdminFeeRulesResponse } from '../../../shared/api/admin-fee-rules';
import type { OperatorInfo, PriceConfigResponse } from '../../../shared/api/catalog';
import type { CreatePaymentIntentResponse } from '../../../shared/api/orders';
import { commissionHundredths, marginOf } from '../../../shared/corridor-margin';
import { formatUsd, parseFeeConfig, priceTopUp, toCents } from '../../../shared/pricing';
import { adminAuditLog, feeRules, orders } from '../../db/schema';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';

/** Nigerian numbers of three operators (docs/sandbox-topups.md), and one of Ghana, which no rule names. */
const MTN_NG = '08031234567';
const GLO_NG = '08051234567';
const NINE_MOBILE_NG = '08091234567';
const MTN_GH = '0241234567';

const RULE = { reason: 'Corridor costs differ' };

describe('fee rules per corridor', () => {
  const testApp = useTestApp();
  type Browser = ReturnType<typeof testApp.client>;

  async function detect(phone: string, country: string): Promise<OperatorInfo> {
    const answer = await testApp.app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/${country}` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as OperatorInfo;
  }

  async function rules(boss: Browser): Promise<AdminFeeRulesResponse> {
    const answer = await boss.get('/api/admin/pricing/rules');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as AdminFeeRulesResponse;
  }

  async function saveRule(boss: Browser, rule: Record<string, unknown>) {
    const { version } = await rules(boss);
    return boss.put('/api/admin/pricing/rules', { version, ...RULE, ...rule });
  }

  /** What the customer's pages price an amount of this operator with: /api/price-config for the operator. */
  async function feesShownFor(operator: OperatorInfo) {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `/api/price-config?countryCode=${operator.country.isoName}&operatorId=${operator.operatorId}`,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return parseFeeConfig(answer.json() as PriceConfigResponse);
  }

  /** A checkout of the operator's first amount with the price the customer's pages show. */
  async function checkout(customer: Browser, operator: OperatorInfo, phone: string) {
    const amountCents = toCents(operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : operator.minAmount!);
    const price = priceTopUp(amountCents, await feesShownFor(operator));
    const answer = await customer.post('/api/create-payment-intent', {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId,
      countryCode: operator.country.isoName,
      phone,
      orderKey: randomUUID(),
    });
    return { answer, price };
  }

  async function customer() {
    const browser = testApp.client();
    expect((await browser.signUp(`${randomUUID()}@example.com`, 'Lagos-to-Accra-2026')).statusCode).toBe(200);
    return browser;
  }

  it('checkout applies the most specific rule (operator, then country, then global), at the price the customer’s pages show', async () => {
    const { browser: boss } = await signedInAdmin(testApp);
    const [mtn, glo, nineMobile, ghana] = [
      await detect(MTN_NG, 'NG'),
      await detect(GLO_NG, 'NG'),
      await detect(NINE_MOBILE_NG, 'NG'),
      await detect(MTN_GH, 'GH'),
    ];
    expect((await saveRule(boss, { countryCode: 'ng', airtimeFeePercent: '6.00', standardFee: '0.75' })).statusCode).toBe(200);
    const saved = await saveRule(boss, { countryCode: 'NG', operatorId: glo.operatorId, airtimeFeePercent: '8.50', standardFee: '1.00' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as AdminFeeRulesResponse).rules).toMatchObject([
      { countryCode: 'NG', operatorId: null, airtimeFeePercent: '6.00', standardFee: '0.75' },
      { countryCode: 'NG', operatorId: glo.operatorId, operatorName: glo.name, airtimeFeePercent: '8.50', standardFee: '1.00' },
    ]);

    expect(await feesShownFor(glo)).toEqual({ airtimeFee: 0.085, standardFeeCents: 100 });
    expect(await feesShownFor(mtn)).toEqual({ airtimeFee: 0.06, standardFeeCents: 75 });
    expect(await feesShownFor(ghana)).toEqual({ airtimeFee: 0.03, standardFeeCents: 33 });

    const buyer = await customer();
    for (const [operator, phone] of [
      [glo, GLO_NG],
      [mtn, MTN_NG],
      [ghana, MTN_GH],
    ] as const) {
      const { answer, price } = await checkout(buyer, operator, phone);
      expect(answer.statusCode, answer.body).toBe(200);
      const intent = answer.json() as CreatePaymentIntentResponse;
      const [order] = await testApp.database.db.select().from(orders).where(eq(orders.id, intent.orderId));
      expect(order).toMatchObject({
        totalCents: price.totalCents,
        percentageFeeCents: price.percentageFeeCents,
        standardFeeCents: price.standardFeeCents,
      });
    }

    // A browser still pricing 9mobile with the global fee is asked to review the country rule's price.
    const stale = priceTopUp(toCents(nineMobile.minAmount!), parseFeeConfig(null));
    // (Another customer: this one has used the checkout attempts of a minute.)
    const refused = await (
      await customer()
    ).post('/api/create-payment-intent', {
      amount: formatUsd(stale.amountCents),
      fee: formatUsd(stale.serviceFeeCents),
      totalAmount: formatUsd(stale.totalCents),
      operatorId: nineMobile.operatorId,
      countryCode: 'NG',
      phone: NINE_MOBILE_NG,
      orderKey: randomUUID(),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PRICE_CHANGED' });

    // Removing Glo's rule prices it by Nigeria's again.
    const { version } = await rules(boss);
    const removed = await boss.delete('/api/admin/pricing/rules', { version, countryCode: 'NG', operatorId: glo.operatorId, ...RULE });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await feesShownFor(glo)).toEqual({ airtimeFee: 0.06, standardFeeCents: 75 });
  });

  it('versions each change, refuses one made on an older version with 409, and audits each with its reason', async () => {
    const { browser: boss, email } = await signedInAdmin(testApp);
    expect((await rules(boss)).version).toBe(0);
    expect((await saveRule(boss, { countryCode: 'NG', airtimeFeePercent: '5.00', standardFee: '0.50' })).statusCode).toBe(200);
    const stale = await boss.put('/api/admin/pricing/rules', {
      version: 0,
      countryCode: 'NG',
      airtimeFeePercent: '7.00',
      standardFee: '0.50',
      ...RULE,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SETTINGS_CONFLICT', details: { current: { version: 1, rules: [{ airtimeFeePercent: '5.00' }] } } });
    expect((await rules(boss)).rules).toMatchObject([{ countryCode: 'NG', airtimeFeePercent: '5.00', updatedByEmail: email }]);

    const audit = await testApp.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'pricing.rule_set'));
    expect(audit).toMatchObject([
      {
        actorEmail: email,
        targetType: 'config',
        targetId: 'fee-rule:NG',
        reason: RULE.reason,
        before: { version: 0 },
        after: { version: 1, airtimeFeePercent: '5.00', standardFee: '0.50' },
      },
    ]);
  });

  it('refuses bad input with 400 naming the field: fees out of range, an unknown country or operator', async () => {
    const { browser: boss } = await signedInAdmin(testApp);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ countryCode: 'NG', airtimeFeePercent: '25.01', standardFee: '0.50' }, 'airtimeFeePercent'],
      [{ countryCode: 'NG', airtimeFeePercent: '5.00', standardFee: '-1' }, 'standardFee'],
      [{ countryCode: 'NG', airtimeFeePercent: '5.00', standardFee: '10.01' }, 'standardFee'],
      [{ countryCode: 'XQ', airtimeFeePercent: '5.00', standardFee: '0.50' }, 'countryCode'],
      [{ countryCode: 'Nigeria', airtimeFeePercent: '5.00', standardFee: '0.50' }, 'countryCode'],
      [{ countryCode: 'NG', operatorId: 987654, airtimeFeePercent: '5.00', standardFee: '0.50' }, 'operatorId'],
      [{ countryCode: 'NG', operatorId: 'MTN', airtimeFeePercent: '5.00', standardFee: '0.50' }, 'operatorId'],
    ];
    for (const [rule, field] of cases) {
      const answer = await saveRule(boss, rule);
      expect(answer.statusCode, JSON.stringify(rule)).toBe(400);
      expect(answer.json(), JSON.stringify(rule)).toMatchObject({ success: false, field });
    }
    expect(await testApp.database.db.select().from(feeRules)).toEqual([]);
  });

  it('refuses a rule that would sell below cost in the console, with the figures, at the operator’s commission', async () => {
    const { browser: boss } = await signedInAdmin(testApp);
    const mtn = await detect(MTN_NG, 'NG');
    const listed = (await boss.get('/api/admin/pricing/rules/operators?countryCode=NG')).json() as AdminFeeRuleOperatorsResponse;
    const costed = listed.operators.find((operator) => operator.operatorId === mtn.operatorId)!;
    const commission = commissionHundredths(costed.commissionPercent)!;
    expect(commission).toBeGreaterThan(0);
    expect(costed.amountsCents).toEqual(mtn.fixedAmounts.map(toCents));

    const answer = await saveRule(boss, { countryCode: 'NG', operatorId: mtn.operatorId, airtimeFeePercent: '0.00', standardFee: '0.00' });
    expect(answer.statusCode, answer.body).toBe(400);
    const first = marginOf(costed.amountsCents[0]!, { airtimeFee: 0, standardFeeCents: 0 }, commission);
    expect(answer.json()).toMatchObject({
      code: 'FEE_RULE_BELOW_COST',
      field: 'airtimeFeePercent',
      details: {
        operatorId: mtn.operatorId,
        amountCents: costed.amountsCents[0],
        priceCents: first.price.totalCents,
        providerCostCents: first.providerCostCents,
        processorFeeCents: first.processorFeeCents,
        marginCents: first.marginCents,
      },
    });
    expect(first.marginCents).toBeLessThan(0);
    expect(first.processorFeeCents).toBe(Math.round(first.price.totalCents * 0.029) + 30);
    expect(answer.json().message).toContain(`$${formatUsd(first.providerCostCents)}`);
    expect(await testApp.database.db.select().from(feeRules)).toEqual([]);
  });

  it('refuses at checkout, in the customer’s words, an operator whose cost would exceed the price, and creates nothing', async () => {
    const mtn = await detect(MTN_NG, 'NG');
    // A rule saved while the operator's commission was higher than the provider's now.
    await testApp.database.db.insert(feeRules).values({
      countryIso: 'NG',
      provider: 'sandbox',
      operatorId: mtn.operatorId,
      operatorName: mtn.name,
      airtimeFee: '0',
      standardFee: '0',
      updatedAt: new Date(),
      updatedById: 'someone',
      updatedByEmail: 'someone@example.com',
    });
    const { answer } = await checkout(await customer(), mtn, MTN_NG);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'OPERATOR_BELOW_COST', messageKey: 'apiErrors.operatorBelowCost', field: 'amount' });
    expect(await testApp.database.db.select().from(orders)).toEqual([]);
  });
});
