import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminLimitsResponse,
  AdminPricingHistoryResponse,
  AdminPricingResponse,
  LimitsSettings,
  PricingSettings,
} from '../../../shared/api/admin-settings';
import type { CreatePaymentIntentResponse } from '../../../shared/api/orders';
import { formatUsd, priceTopUp, toCents } from '../../../shared/pricing';
import { buildApp } from '../../app';
import { loadFeeConfig } from '../../catalog/price-config';
import { adminAuditLog, orders, priceConfig, priceConfigChanges, sandboxPaymentIntents, serviceLimits } from '../../db/schema';
import { SERVICE_LIMITS_CACHE_MS } from '../../orders/service-limits';
import { testConfig } from '../../testing/app';
import { TEST_ORIGIN } from '../../testing/accounts';
import { newBrowser, signedInAdmin, signedUpBrowser } from '../../testing/admins';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { GOOD_CARD } from '../../testing/orders';

const MINUTE_MS = 60 * 1000;
/** The default daily cap of these tests' servers (DAILY_SPEND_LIMIT_USD). */
const DAILY_LIMIT_USD = '300';
/** Nigerian MTN numbers that the sandbox delivers at once (docs/sandbox-topups.md), one per checkout that must not collide. */
const NUMBERS = ['08031234561', '08031234562', '08031234563', '08031234564', '08031234565'] as const;

const PRICING_EDIT = { airtimeFeePercent: '4.50', standardFee: '0.50', reason: 'Supplier costs went up' };
const LIMITS_EDIT = { dailySpendLimit: '150.00', recipientCooldownMinutes: 30, checkoutAttemptsPerMinute: 8, reason: 'Card testing last night' };

describe.each(TEST_DATABASE_KINDS)('the console’s pricing and limits on %s', (kind) => {
  let database: TestDatabase;
  /** Two instances of the server on one database, as behind a load balancer, with one clock the tests move. */
  let app: FastifyInstance;
  let otherInstance: FastifyInstance;
  let clock: Date;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const config = testConfig({ DAILY_SPEND_LIMIT_USD: DAILY_LIMIT_USD });
    app = await buildApp({ config, database, now: () => clock, reconciler: false });
    otherInstance = await buildApp({ config, database, now: () => clock, reconciler: false });
  });
  beforeEach(async () => {
    // Each test starts after the instances' cached limits of the one before have expired.
    clock = new Date((clock?.getTime() ?? Date.parse('2026-11-22T10:00:00Z')) + 24 * 60 * MINUTE_MS);
    await database.reset();
  });
  afterAll(async () => {
    await app.close();
    await otherInstance.close();
    await database.close();
  });

  const db = () => database.db;
  const admin = (email = 'boss@example.com') => signedInAdmin(app, db(), email);
  type Browser = ReturnType<typeof newBrowser>;
  const advance = (ms: number) => void (clock = new Date(clock.getTime() + ms));

  /** The same signed-in browser's request, answered by the other instance. */
  const onOtherInstance = (browser: Browser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    otherInstance.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie: browser.cookies }, remoteAddress: '192.0.2.250' });

  const auditRows = () => db().select().from(adminAuditLog).orderBy(adminAuditLog.id);
  const priceConfigRows = async () => Object.fromEntries((await db().select().from(priceConfig)).map((row) => [row.key, row.value]));

  /** What the review step shows for a number's first offered amount, priced with the fees in force now. */
  async function reviewedTopUp(phone: string) {
    const operator = (await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/NG` })).json().data;
    const price = priceTopUp(toCents(operator.fixedAmounts[0]), await loadFeeConfig(db()));
    return {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId as number,
      countryCode: 'NG',
      phone,
      orderKey: randomUUID(),
    };
  }
  type Review = Awaited<ReturnType<typeof reviewedTopUp>>;

  /** Pays an intent with the card that authorises, then sends the browser's top-up call. */
  async function payAndTopUp(
    send: (method: 'POST', url: string, body: Record<string, unknown>) => Promise<LightMyRequestResponse>,
    review: Review,
    intent: CreatePaymentIntentResponse,
  ) {
    const paid = await send('POST', `/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      paymentMethod: GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const topup = await send('POST', '/api/reloadly/topup', {
      operatorId: String(review.operatorId),
      amount: review.amount,
      useLocalAmount: false,
      customIdentifier: `topup-${Date.now()}`,
      recipientPhone: { countryCode: 'NG', number: review.phone },
      paymentIntentId: intent.paymentIntentId,
    });
    expect(topup.statusCode, topup.body).toBe(200);
    return topup.json() as { status: string; errorCode?: string };
  }
  const viaBrowser = (browser: Browser) => (method: 'POST', url: string, body: Record<string, unknown>) => browser.post(url, body);

  async function startCheckout(browser: Browser, phone: string) {
    const review = await reviewedTopUp(phone);
    const answer = await browser.post('/api/create-payment-intent', review);
    return { review, answer };
  }

  async function pricing(browser: Browser): Promise<PricingSettings> {
    const answer = await browser.get('/api/admin/pricing');
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as AdminPricingResponse).pricing;
  }

  async function limits(browser: Browser): Promise<AdminLimitsResponse> {
    const answer = await browser.get('/api/admin/limits');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as AdminLimitsResponse;
  }

  function expectConflict(answer: LightMyRequestResponse, current: Partial<PricingSettings> | Partial<LimitsSettings>) {
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json()).toMatchObject({
      success: false,
      code: 'SETTINGS_CONFLICT',
      messageKey: 'apiErrors.settingsChanged',
      message: 'Someone else saved these settings while you were editing them. The values in force now are shown: check them and save again.',
      details: { current },
    });
  }

  describe('pricing', () => {
    it('starts from the installation’s fees, at version 0, with no change in its history', async () => {
      const boss = await admin();
      expect(await pricing(boss)).toEqual({ version: 0, airtimeFeePercent: '3.00', standardFee: '0.33', updatedAt: null, updatedByEmail: null });
      expect((await boss.get('/api/admin/pricing/history')).json()).toEqual({ success: true, changes: [], nextCursor: null });
    });

    it('saves new fees that the price config answers at once, keeps the change in the history and writes the audit row', async () => {
      const boss = await admin();
      const saved = await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        version: 1,
        airtimeFeePercent: '4.50',
        standardFee: '0.50',
        updatedAt: clock.toISOString(),
        updatedByEmail: 'boss@example.com',
      };
      expect(saved.json()).toEqual({ success: true, pricing: expected });
      expect(await pricing(boss)).toEqual(expected);
      // What every checkout prices with, on either instance.
      for (const instance of [app, otherInstance]) {
        expect((await instance.inject({ method: 'GET', url: '/api/price-config' })).json()).toEqual({ airtime_fee: 0.045, standard_fee: 0.5 });
      }

      const history = (await boss.get('/api/admin/pricing/history')).json() as AdminPricingHistoryResponse;
      expect(history.changes).toEqual([
        {
          version: 1,
          airtimeFeePercent: '4.50',
          standardFee: '0.50',
          actorId: expect.any(String),
          actorEmail: 'boss@example.com',
          reason: 'Supplier costs went up',
          createdAt: clock.toISOString(),
        },
      ]);
      const [row] = await auditRows();
      expect(row).toMatchObject({
        actorEmail: 'boss@example.com',
        action: 'pricing.update',
        targetType: 'config',
        targetId: 'pricing',
        reason: 'Supplier costs went up',
        before: { version: 0, airtimeFeePercent: '3.00', standardFee: '0.33' },
        after: { version: 1, airtimeFeePercent: '4.50', standardFee: '0.50' },
      });
    });

    it('lists past changes newest first, a page at a time, each with the admin who made it', async () => {
      const boss = await admin();
      const deputy = await admin('deputy@example.com');
      expect((await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT })).statusCode).toBe(200);
      advance(MINUTE_MS);
      const second = { version: 1, airtimeFeePercent: '0', standardFee: '10', reason: 'Launch promotion' };
      expect((await deputy.put('/api/admin/pricing', second)).statusCode).toBe(200);

      const first = (await boss.get('/api/admin/pricing/history?limit=1')).json() as AdminPricingHistoryResponse;
      expect(first.changes.map((change) => [change.version, change.actorEmail, change.airtimeFeePercent, change.standardFee])).toEqual([
        [2, 'deputy@example.com', '0.00', '10.00'],
      ]);
      const rest = (await boss.get(`/api/admin/pricing/history?limit=1&cursor=${first.nextCursor}`)).json() as AdminPricingHistoryResponse;
      expect(rest.changes.map((change) => [change.version, change.actorEmail])).toEqual([[1, 'boss@example.com']]);
      expect(rest.nextCursor).toBeNull();
      expect((await boss.get('/api/admin/pricing/history?cursor=not-a-cursor')).json()).toMatchObject({ field: 'cursor' });
    });

    it.each([
      ['airtimeFeePercent', '25.01', 'The percentage fee must be a number from 0 to 25 (percent), with at most 2 decimals.'],
      ['airtimeFeePercent', '-1', 'The percentage fee must be a number from 0 to 25 (percent), with at most 2 decimals.'],
      ['airtimeFeePercent', '3.125', 'The percentage fee must be a number from 0 to 25 (percent), with at most 2 decimals.'],
      ['airtimeFeePercent', 'three', 'The percentage fee must be a number from 0 to 25 (percent), with at most 2 decimals.'],
      ['airtimeFeePercent', null, 'The percentage fee must be a number from 0 to 25 (percent), with at most 2 decimals.'],
      ['standardFee', '10.01', 'The fixed fee must be an amount from $0.00 to $10.00, with at most 2 decimals.'],
      ['standardFee', '0.333', 'The fixed fee must be an amount from $0.00 to $10.00, with at most 2 decimals.'],
      ['standardFee', '1e1', 'The fixed fee must be an amount from $0.00 to $10.00, with at most 2 decimals.'],
      ['standardFee', true, 'The fixed fee must be an amount from $0.00 to $10.00, with at most 2 decimals.'],
    ])('refuses %s = %j with a 400 naming the field and its range, and saves nothing', async (field, value, message) => {
      const boss = await admin();
      const answer = await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT, [field]: value });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({
        success: false,
        code: 'VALIDATION_FAILED',
        field,
        message,
        messageParams: { min: expect.any(String), max: expect.any(String) },
      });
      expect(await priceConfigRows()).toEqual({ airtime_fee: '0.0300', standard_fee: '0.3300' });
      expect(await db().select().from(priceConfigChanges)).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });

    it.each([
      ['version', { version: -1 }],
      ['version', { version: 'latest' }],
      ['reason', { reason: '  ' }],
    ])('refuses a bad %s and saves nothing', async (field, change) => {
      const boss = await admin();
      const answer = await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT, ...change });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ field });
      expect(await priceConfigRows()).toEqual({ airtime_fee: '0.0300', standard_fee: '0.3300' });
    });

    it('takes the edges of the ranges, and numbers as well as text', async () => {
      const boss = await admin();
      expect((await boss.put('/api/admin/pricing', { version: 0, airtimeFeePercent: 25, standardFee: 0, reason: 'Edges' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/price-config' })).json()).toEqual({ airtime_fee: 0.25, standard_fee: 0 });
      expect(
        (await boss.put('/api/admin/pricing', { version: 1, airtimeFeePercent: '0.01', standardFee: '10.00', reason: 'Edges' })).statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/price-config' })).json()).toEqual({ airtime_fee: 0.0001, standard_fee: 10 });
    });

    it('refuses a save made on an older version with 409 and the fees in force, and keeps the newer one', async () => {
      const boss = await admin();
      const deputy = await admin('deputy@example.com');
      expect((await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT })).statusCode).toBe(200);
      const stale = await deputy.put('/api/admin/pricing', { version: 0, airtimeFeePercent: '1.00', standardFee: '0.10', reason: 'Cheaper' });
      expectConflict(stale, { version: 1, airtimeFeePercent: '4.50', standardFee: '0.50', updatedByEmail: 'boss@example.com' });
      expect(await priceConfigRows()).toEqual({ airtime_fee: '0.0450', standard_fee: '0.5000' });
      expect((await auditRows()).map((row) => row.actorEmail)).toEqual(['boss@example.com']);
      // A version that does not exist yet is no better.
      expectConflict(await deputy.put('/api/admin/pricing', { version: 7, ...PRICING_EDIT }), { version: 1 });
    });

    it('of two saves sent at once on one version, one wins and the other gets 409', async () => {
      const boss = await admin();
      const deputy = await admin('deputy@example.com');
      const answers = await Promise.all([
        boss.put('/api/admin/pricing', { version: 0, airtimeFeePercent: '4.00', standardFee: '0.40', reason: 'Mine' }),
        deputy.put('/api/admin/pricing', { version: 0, airtimeFeePercent: '5.00', standardFee: '0.50', reason: 'Theirs' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().pricing as PricingSettings;
      expectConflict(
        answers.find((answer) => answer.statusCode === 409)!,
        { version: 1, airtimeFeePercent: winner.airtimeFeePercent },
      );
      expect(await db().select().from(priceConfigChanges)).toHaveLength(1);
      expect(await auditRows()).toHaveLength(1);
      expect((await priceConfigRows()).airtime_fee).toBe(winner.airtimeFeePercent === '4.00' ? '0.0400' : '0.0500');
    });

    it('an order created before a fee change keeps its price and is charged exactly that', async () => {
      const boss = await admin();
      const customer = await signedUpBrowser(app, db(), 'amina@example.com');
      const { review, answer } = await startCheckout(customer, NUMBERS[0]);
      expect(answer.statusCode, answer.body).toBe(200);
      const intent = answer.json() as CreatePaymentIntentResponse;
      expect((await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT })).statusCode).toBe(200);

      expect((await payAndTopUp(viaBrowser(customer), review, intent)).status).toBe('SUCCESSFUL');
      const [order] = await db().select().from(orders).where(eq(orders.id, intent.orderId));
      expect(order).toMatchObject({ status: 'completed', totalCents: toCents(review.totalAmount) });
      const [payment] = await db().select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intent.paymentIntentId));
      expect(payment!.amountReceived).toBe(toCents(review.totalAmount));
    });

    it('a checkout whose browser still shows the old total is refused PRICE_CHANGED, and nothing is created or charged', async () => {
      const boss = await admin();
      const customer = await signedUpBrowser(app, db(), 'amina@example.com');
      const shown = await reviewedTopUp(NUMBERS[0]);
      expect((await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT })).statusCode).toBe(200);
      const now = priceTopUp(toCents(shown.amount), { airtimeFee: 0.045, standardFeeCents: 50 });

      const refused = await customer.post('/api/create-payment-intent', shown);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'PRICE_CHANGED',
        messageKey: 'apiErrors.priceChanged',
        messageParams: { total: `$${formatUsd(now.totalCents)}`, fee: `$${formatUsd(now.serviceFeeCents)}` },
      });
      expect(await db().select().from(orders)).toEqual([]);
      expect(await db().select().from(sandboxPaymentIntents)).toEqual([]);
      // Once the review shows the new price (the browser reads the price config again), the checkout goes through at it.
      const accepted = await customer.post('/api/create-payment-intent', await reviewedTopUp(NUMBERS[0]));
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().totalAmount).toBe(formatUsd(now.totalCents));
    });
  });

  describe('limits', () => {
    it('starts from the defaults: DAILY_SPEND_LIMIT_USD, 2 minutes and 5 checkout attempts a minute, at version 0', async () => {
      const boss = await admin();
      const defaults = { dailySpendLimit: '300.00', recipientCooldownMinutes: 2, checkoutAttemptsPerMinute: 5 };
      expect(await limits(boss)).toEqual({ success: true, limits: { ...defaults, version: 0, updatedAt: null, updatedByEmail: null }, defaults });
    });

    it('saves new limits with an audit row, and the defaults stay what the server started with', async () => {
      const boss = await admin();
      const saved = await boss.put('/api/admin/limits', { version: 0, ...LIMITS_EDIT });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        dailySpendLimit: '150.00',
        recipientCooldownMinutes: 30,
        checkoutAttemptsPerMinute: 8,
        version: 1,
        updatedAt: clock.toISOString(),
        updatedByEmail: 'boss@example.com',
      };
      expect(saved.json()).toEqual({ success: true, limits: expected });
      expect(await limits(boss)).toMatchObject({ limits: expected, defaults: { dailySpendLimit: '300.00' } });
      const [row] = await auditRows();
      expect(row).toMatchObject({
        action: 'limits.update',
        targetType: 'config',
        targetId: 'limits',
        reason: 'Card testing last night',
        before: { version: 0, dailySpendLimit: '300.00', recipientCooldownMinutes: 2, checkoutAttemptsPerMinute: 5 },
        after: { version: 1, dailySpendLimit: '150.00', recipientCooldownMinutes: 30, checkoutAttemptsPerMinute: 8 },
      });
      advance(MINUTE_MS);
      expect((await boss.put('/api/admin/limits', { ...LIMITS_EDIT, version: 1, dailySpendLimit: '175.5' })).json().limits).toMatchObject({
        version: 2,
        dailySpendLimit: '175.50',
      });
      expect((await auditRows())[1]).toMatchObject({
        before: { version: 1, dailySpendLimit: '150.00' },
        after: { version: 2, dailySpendLimit: '175.50' },
      });
    });

    it.each([
      ['dailySpendLimit', '0.99', 'The daily spending limit must be an amount from $1.00 to $10000.00, with at most 2 decimals.'],
      ['dailySpendLimit', '10000.01', 'The daily spending limit must be an amount from $1.00 to $10000.00, with at most 2 decimals.'],
      ['dailySpendLimit', '20.005', 'The daily spending limit must be an amount from $1.00 to $10000.00, with at most 2 decimals.'],
      ['dailySpendLimit', 'lots', 'The daily spending limit must be an amount from $1.00 to $10000.00, with at most 2 decimals.'],
      ['recipientCooldownMinutes', 1, 'The wait between two top-ups of one number must be a whole number of minutes from 2 to 1440.'],
      ['recipientCooldownMinutes', 1441, 'The wait between two top-ups of one number must be a whole number of minutes from 2 to 1440.'],
      ['recipientCooldownMinutes', 2.5, 'The wait between two top-ups of one number must be a whole number of minutes from 2 to 1440.'],
      ['recipientCooldownMinutes', 'ten', 'The wait between two top-ups of one number must be a whole number of minutes from 2 to 1440.'],
      ['checkoutAttemptsPerMinute', 0, 'Checkout attempts per minute must be a whole number from 1 to 60.'],
      ['checkoutAttemptsPerMinute', 61, 'Checkout attempts per minute must be a whole number from 1 to 60.'],
      ['checkoutAttemptsPerMinute', '1.5', 'Checkout attempts per minute must be a whole number from 1 to 60.'],
      ['checkoutAttemptsPerMinute', undefined, 'Checkout attempts per minute must be a whole number from 1 to 60.'],
    ])('refuses %s = %j with a 400 naming the field and its range, and saves nothing', async (field, value, message) => {
      const boss = await admin();
      const answer = await boss.put('/api/admin/limits', { version: 0, ...LIMITS_EDIT, [field]: value });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field, message });
      expect(await db().select().from(serviceLimits)).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });

    it('refuses a save made on an older version with 409 and the limits in force', async () => {
      const boss = await admin();
      const deputy = await admin('deputy@example.com');
      expect((await boss.put('/api/admin/limits', { version: 0, ...LIMITS_EDIT })).statusCode).toBe(200);
      const stale = await deputy.put('/api/admin/limits', { ...LIMITS_EDIT, version: 0, checkoutAttemptsPerMinute: 60 });
      expectConflict(stale, { version: 1, checkoutAttemptsPerMinute: 8, updatedByEmail: 'boss@example.com' });
      expectConflict(await deputy.put('/api/admin/limits', { ...LIMITS_EDIT, version: 2 }), { version: 1 });
      expect(await db().select({ attempts: serviceLimits.checkoutAttemptsPerMinute }).from(serviceLimits)).toEqual([{ attempts: 8 }]);
      expect(await auditRows()).toHaveLength(1);
    });

    it.each([0, 1])('of two saves sent at once on version %i, one wins and the other gets 409', async (version) => {
      const boss = await admin();
      const deputy = await admin('deputy@example.com');
      if (version === 1) expect((await boss.put('/api/admin/limits', { version: 0, ...LIMITS_EDIT })).statusCode).toBe(200);
      const answers = await Promise.all([
        boss.put('/api/admin/limits', { ...LIMITS_EDIT, version, checkoutAttemptsPerMinute: 10 }),
        deputy.put('/api/admin/limits', { ...LIMITS_EDIT, version, checkoutAttemptsPerMinute: 20 }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().limits as LimitsSettings;
      expectConflict(
        answers.find((answer) => answer.statusCode === 409)!,
        { version: version + 1, checkoutAttemptsPerMinute: winner.checkoutAttemptsPerMinute },
      );
      expect(await auditRows()).toHaveLength(version + 1);
    });

    it('checkout applies a lower daily cap and a longer wait between top-ups of a number', async () => {
      const boss = await admin();
      const customer = await signedUpBrowser(app, db(), 'amina@example.com');
      const { review, answer } = await startCheckout(customer, NUMBERS[0]);
      expect((await payAndTopUp(viaBrowser(customer), review, answer.json())).status).toBe('SUCCESSFUL');
      advance(10 * MINUTE_MS);
      // Room for one cent more than the top-up already paid.
      const capUsd = formatUsd(toCents(review.totalAmount) + 1);
      expect((await boss.put('/api/admin/limits', { version: 0, ...LIMITS_EDIT, dailySpendLimit: capUsd })).statusCode).toBe(200);

      // Ten minutes on, past the default 2 but within the 30 now set.
      const again = (await startCheckout(customer, NUMBERS[0])).answer;
      expect(again.statusCode, again.body).toBe(429);
      expect(again.json()).toMatchObject({ code: 'RECIPIENT_RECENTLY_TOPPED_UP', messageParams: { minutes: 30 } });
      const overCap = (await startCheckout(customer, NUMBERS[1])).answer;
      expect(overCap.statusCode, overCap.body).toBe(403);
      expect(overCap.json()).toMatchObject({ code: 'DAILY_LIMIT_REACHED', messageParams: { limit: `$${capUsd}`, left: '$0.01' } });
    });

    it('a payment authorised after the limits changed is released when it no longer fits them, even on an instance whose cache holds the old ones', async () => {
      const boss = await admin();
      const customer = await signedUpBrowser(app, db(), 'amina@example.com');
      const first = await startCheckout(customer, NUMBERS[0]);
      expect((await payAndTopUp(viaBrowser(customer), first.review, first.answer.json())).status).toBe('SUCCESSFUL');
      advance(3 * MINUTE_MS);
      // Both opened on the other instance under the defaults, which it now keeps for its caching window: the number's
      // 2 minutes are over, and $300 leaves room.
      const viaOther = (method: 'POST', url: string, body: Record<string, unknown>) => onOtherInstance(customer, method, url, body);
      const [sameNumber, otherNumber] = [await reviewedTopUp(NUMBERS[0]), await reviewedTopUp(NUMBERS[1])];
      const intents = [];
      for (const review of [sameNumber, otherNumber]) {
        const answer = await viaOther('POST', '/api/create-payment-intent', review);
        expect(answer.statusCode, answer.body).toBe(200);
        intents.push(answer.json() as CreatePaymentIntentResponse);
      }

      const spentCents = toCents(first.review.totalAmount);
      const capUsd = formatUsd(spentCents + Math.floor(toCents(otherNumber.totalAmount) / 2));
      expect((await boss.put('/api/admin/limits', { version: 0, ...LIMITS_EDIT, dailySpendLimit: capUsd })).statusCode).toBe(200);

      expect(await payAndTopUp(viaOther, sameNumber, intents[0]!)).toMatchObject({ status: 'FAILED', errorCode: 'RECIPIENT_RECENTLY_TOPPED_UP' });
      expect(await payAndTopUp(viaOther, otherNumber, intents[1]!)).toMatchObject({ status: 'FAILED', errorCode: 'DAILY_LIMIT_REACHED' });
      const payments = await db().select().from(sandboxPaymentIntents);
      expect(payments.filter((payment) => payment.status === 'canceled')).toHaveLength(2);
      expect(payments.reduce((sum, payment) => sum + payment.amountReceived, 0)).toBe(spentCents);
    });

    it('the checkout attempts a minute follow the limit saved', async () => {
      const boss = await admin();
      expect((await boss.put('/api/admin/limits', { version: 0, ...LIMITS_EDIT, checkoutAttemptsPerMinute: 1 })).statusCode).toBe(200);
      const customer = await signedUpBrowser(app, db(), 'amina@example.com');
      expect((await startCheckout(customer, NUMBERS[0])).answer.statusCode).toBe(200);
      const refused = (await startCheckout(customer, NUMBERS[1])).answer;
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'payment.messages.rate_limit' });
      advance(MINUTE_MS);
      expect((await startCheckout(customer, NUMBERS[1])).answer.statusCode).toBe(200);
    });
  });

  it('another instance applies new fees at once and new limits within its caching window, without a restart', async () => {
    const boss = await admin();
    const customer = await signedUpBrowser(app, db(), 'amina@example.com');
    const onOther = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => onOtherInstance(customer, method, url, payload);
    const checkoutOnOther = async (phone: string) => onOther('POST', '/api/create-payment-intent', await reviewedTopUp(phone));

    // A top-up paid through the other instance ten minutes ago...
    const paid = await reviewedTopUp(NUMBERS[0]);
    const intent = (await onOther('POST', '/api/create-payment-intent', paid)).json() as CreatePaymentIntentResponse;
    expect((await payAndTopUp((method, url, body) => onOther(method, url, body), paid, intent)).status).toBe('SUCCESSFUL');
    advance(10 * MINUTE_MS);
    // ...and a checkout there now, under the defaults, which it keeps for its caching window.
    expect((await checkoutOnOther(NUMBERS[1])).statusCode).toBe(200);

    expect((await boss.put('/api/admin/pricing', { version: 0, ...PRICING_EDIT })).statusCode).toBe(200);
    const saved = await boss.put('/api/admin/limits', {
      version: 0,
      dailySpendLimit: '1.00',
      recipientCooldownMinutes: 30,
      checkoutAttemptsPerMinute: 1,
      reason: 'Fraud wave',
    });
    expect(saved.statusCode).toBe(200);
    expect((await onOther('GET', '/api/price-config')).json()).toEqual({ airtime_fee: 0.045, standard_fee: 0.5 });

    advance(SERVICE_LIMITS_CACHE_MS);
    // One attempt a minute, and this minute's was made.
    expect((await checkoutOnOther(NUMBERS[2])).json()).toMatchObject({ code: 'RATE_LIMITED' });
    advance(MINUTE_MS);
    expect((await checkoutOnOther(NUMBERS[0])).json()).toMatchObject({ code: 'RECIPIENT_RECENTLY_TOPPED_UP', messageParams: { minutes: 30 } });
    advance(MINUTE_MS);
    expect((await checkoutOnOther(NUMBERS[3])).json()).toMatchObject({ code: 'DAILY_LIMIT_REACHED', messageParams: { limit: '$1.00' } });
    // The customer's page in the console measures against the new cap too.
    const page = (await onOtherInstance(boss, 'GET', `/api/admin/customers/${customer.id}`)).json();
    expect(page.customer.totals.dailyLimitCents).toBe(100);
  });
});
