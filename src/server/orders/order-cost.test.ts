import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operatorCommissionPercent } from '../catalog/operator-commission';
import { orders } from '../db/schema';
import { SANDBOX_WEBHOOK_SECRET } from '../payments';
import { cardProcessingFeeCents, SANDBOX_DISPUTE_FEE_CENTS } from '../payments/sandbox/fees';
import { createSandboxPaymentProvider } from '../payments/sandbox/sandbox-payment-provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { bareTopupResult, type TopupResult } from '../topups/provider';
import { sandboxWalletBalance, setSandboxWalletBalance } from '../topups/sandbox/wallet';
import { refundOrder } from './admin-actions';
import { adminOrderDetail } from './admin-queries';
import { createFulfilment } from './fulfilment';
import { marginCentsOf, providerCostOf } from './order-cost';
import { handlePaymentEvent } from './payment-events';
import { toReceipt } from './receipt-view';
import { countryFacts, listOrderViews, toOrderView, toTopupResponse } from './views';

const ADMIN = { id: 'admin-1', email: 'boss@example.com' };

describe('providerCostOf', () => {
  const answer = (fields: Partial<TopupResult>): TopupResult => ({ ...bareTopupResult('SUCCESSFUL'), ...fields });

  it('is the requested amount less the discount in a USD wallet, checked against the balance', () => {
    const result = answer({
      requestedAmount: 10,
      requestedAmountCurrencyCode: 'USD',
      discount: 0.44,
      discountCurrencyCode: 'USD',
      balance: { oldBalance: 500, newBalance: 490.44, currencyCode: 'USD' },
    });
    expect(providerCostOf(1000, result)).toEqual({
      walletDebit: '9.5600',
      walletDebitExpected: '9.5600',
      walletUsdRate: '1.000000000000',
      providerCostCents: 956,
      disagrees: false,
    });
  });

  it("converts a wallet in another currency at the rate the top-up was priced at, as Reloadly's docs example", () => {
    // The docs' answer: NGN 3168.40 requested for our $5.00, NGN 63.37 discount, the wallet 5109.53732 → 2004.50532.
    const result = answer({
      requestedAmount: 3168.4,
      requestedAmountCurrencyCode: 'NGN',
      discount: 63.37,
      discountCurrencyCode: 'NGN',
      balance: { oldBalance: 5109.53732, newBalance: 2004.50532, currencyCode: 'NGN' },
    });
    const cost = providerCostOf(500, result)!;
    expect(cost.walletDebit).toBe('3105.0320');
    expect(Number(cost.walletUsdRate)).toBeCloseTo(5 / 3168.4, 12);
    expect(cost.providerCostCents).toBe(Math.round(((3168.4 - 63.37) * 5 * 100) / 3168.4));
    expect(cost.disagrees).toBe(false);
  });

  it('keeps what left the wallet when the balance disagrees with the discount, and says so', () => {
    const result = answer({
      requestedAmount: 10,
      discount: 1,
      discountCurrencyCode: 'USD',
      balance: { oldBalance: 100, newBalance: 90, currencyCode: 'USD' },
    });
    expect(providerCostOf(1000, result)).toMatchObject({ providerCostCents: 1000, disagrees: true });
  });

  it('is unknown when the answer tells neither the discount nor the balance', () => {
    expect(providerCostOf(1000, answer({ requestedAmount: 10 }))).toBeNull();
  });
});

describe.each(TEST_DATABASE_KINDS)('cost, fee and margin of sandbox orders on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.reset();
    userId = await insertTestUser(database.db);
  });
  afterAll(() => database.close());

  async function fulfilled(phone: string = SANDBOX_NUMBERS.successful, services = sandboxOrderServices(database.db).services) {
    const { orderId } = await paidOrder(services, { userId, phone });
    await createFulfilment(services).fulfil(orderId, 'browser');
    return { services, ...(await orderLedger(database.db, orderId)) };
  }

  it("a completed order costs the amount less the operator's commission, pays the card fee, and keeps the rest", async () => {
    await setSandboxWalletBalance(database.db, 1000);
    const { order, deliveries } = await fulfilled();
    const commission = (await operatorCommissionPercent(database.db, order.operatorId))!;
    const discountCents = Math.round((order.amountCents * commission) / 100);
    expect(order.status).toBe('completed');
    expect(order.providerCostCents).toBe(order.amountCents - discountCents);
    expect(Number(order.walletDebit)).toBe((order.amountCents - discountCents) / 100);
    expect(Number(order.walletBalanceAfter)).toBe(1000 - (order.amountCents - discountCents) / 100);
    expect(Number(order.providerDiscount)).toBe(discountCents / 100);
    expect(order.processorFeeCents).toBe(Math.round(order.totalCents * 0.029) + 30);
    expect(marginCentsOf(order)).toBe(order.totalCents - order.providerCostCents! - order.processorFeeCents!);
    expect(deliveries[0]).toMatchObject({ walletBalanceBefore: '1000.00' });
    // The console's order page shows it all.
    expect((await adminOrderDetail(database.db, order.id, new Date())).order.money).toEqual({
      capturedCents: order.totalCents,
      providerCostCents: order.providerCostCents,
      walletDebit: order.walletDebit,
      walletCurrencyCode: 'USD',
      walletUsdRate: '1.000000000000',
      processorFeeCents: order.processorFeeCents,
      disputeFeeCents: null,
      refundedCents: 0,
      disputedCents: 0,
      marginCents: marginCentsOf(order),
    });
    expect(await sandboxWalletBalance(database.db)).toBe(Number(order.walletBalanceAfter));
  });

  it("no customer answer tells the order's cost, fee or margin", async () => {
    const { order } = await fulfilled();
    const country = await countryFacts(database.db, order.countryIso);
    const customerAnswers = JSON.stringify([
      toOrderView(order, country, { latest: null, now: new Date() }),
      toTopupResponse(order, country),
      toReceipt(order, country),
      await listOrderViews(database.db, userId, new Date()),
    ]);
    expect(customerAnswers).not.toMatch(/cost|margin|processorFee|walletDebit|walletUsdRate|commission|dispute/i);
  });

  it('a failed top-up costs nothing, charges no fee and leaves the wallet as it was', async () => {
    await setSandboxWalletBalance(database.db, 1000);
    const { order } = await fulfilled(SANDBOX_NUMBERS.failed);
    expect(order).toMatchObject({ status: 'canceled', providerCostCents: 0, processorFeeCents: null });
    expect(marginCentsOf(order)).toBe(0);
    expect(await sandboxWalletBalance(database.db)).toBe(1000);
  });

  it('a refunded order loses its cost and its fee: the refund does not give the fee back', async () => {
    const { services, order } = await fulfilled();
    const refunded = await refundOrder(services, createFulfilment(services), { orderId: order.id, actor: ADMIN, reason: 'Recipient never got it' });
    expect(refunded).toMatchObject({ status: 'refunded', providerCostCents: order.providerCostCents, processorFeeCents: order.processorFeeCents });
    expect(marginCentsOf(refunded)).toBe(-order.providerCostCents! - order.processorFeeCents!);
  });

  it('a disputed order loses the charge and pays the dispute fee, recorded once however often the event comes', async () => {
    const { services, order } = await fulfilled();
    const fulfilment = createFulfilment(services);
    const event = { id: 'evt_1', kind: 'disputed' as const, type: 'charge.dispute.created', paymentId: order.paymentId, chargeId: null };
    await handlePaymentEvent(services, fulfilment, event);
    services.now = () => new Date('2026-11-23T10:00:00Z');
    await handlePaymentEvent(services, fulfilment, { ...event, id: 'evt_2' });
    const [disputed] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(disputed).toMatchObject({ disputedCents: order.totalCents, disputeFeeCents: SANDBOX_DISPUTE_FEE_CENTS });
    expect(disputed!.disputedAt).toEqual(new Date('2026-11-22T10:00:00Z'));
    expect(marginCentsOf(disputed!)).toBe(-order.providerCostCents! - order.processorFeeCents! - SANDBOX_DISPUTE_FEE_CENTS);
  });

  it('a wallet that cannot pay refuses the top-up as not sent, and the hold is released', async () => {
    await setSandboxWalletBalance(database.db, 0.5);
    const { order, deliveries } = await fulfilled();
    expect(order).toMatchObject({ status: 'canceled', failureCode: 'INSUFFICIENT_BALANCE', providerCostCents: null });
    expect(deliveries).toEqual([]);
    expect(await sandboxWalletBalance(database.db)).toBe(0.5);
  });

  it('the sandbox payment provider charges 2.9 % + 30¢ of what it captured', () => {
    expect(cardProcessingFeeCents(1000)).toBe(59);
    expect(cardProcessingFeeCents(10_330)).toBe(330);
    expect(createSandboxPaymentProvider(database.db, { webhookSecret: SANDBOX_WEBHOOK_SECRET }).disputeFeeCents).toBe(1500);
  });
});
