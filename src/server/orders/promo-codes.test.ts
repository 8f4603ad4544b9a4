import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatUsd, priceTopUp } from '../../shared/pricing';
import { rowsOf } from '../db/raw-rows';
import { orders, promoCodes, sandboxRefunds } from '../db/schema';
import { DomainError } from '../domain-error';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { firstOffer, GOOD_CARD, insertTestUser, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { rejectionOf } from '../testing/rejections';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import { refundOrder } from './admin-actions';
import { startCheckout } from './checkout';
import { createFulfilment } from './fulfilment';
import { applyPromoCode } from './promo-codes';
import type { OrderServices } from './services';
import { settlement } from './settlement';

const START = new Date('2026-11-22T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('promo codes at checkout on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  /** A code made as the console would, live around START unless told otherwise. */
  async function makeCode(values: Partial<typeof promoCodes.$inferInsert> = {}) {
    const [row] = await database.db
      .insert(promoCodes)
      .values({
        code: 'SUMMER10',
        kind: 'fixed',
        appliesTo: 'total',
        value: 10,
        startsAt: new Date(START.getTime() - DAY),
        endsAt: new Date(START.getTime() + DAY),
        createdAt: START,
        updatedAt: START,
        updatedById: 'admin-1',
        updatedByEmail: 'boss@example.com',
        ...values,
      })
      .returning();
    return row!;
  }

  /** A checkout of the first NG offer with `promoCode`, as the browser sends it. */
  async function checkout(services: OrderServices, userId: string, promoCode?: string) {
    const { operator, amount } = await firstOffer(services);
    return startCheckout(services, {
      userId,
      accountEmail: 'payer@example.com',
      body: { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: SANDBOX_NUMBERS.successful, promoCode },
    });
  }

  const refusal = async (promise: Promise<unknown>) => {
    const error = await rejectionOf(promise, DomainError);
    return { status: error.kind, code: error.code, key: 'key' in error.messageRef ? error.messageRef.key : undefined, field: error.options.field };
  };

  it('prices a code typed in any case and with spaces or dashes, and records the discount on the order', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const code = await makeCode();
    const userId = await insertTestUser(database.db);
    const intent = await checkout(services, userId, ' summer-10 ');
    const [order] = await database.db.select().from(orders).where(eq(orders.id, intent.orderId));
    const list = order!.amountCents + order!.percentageFeeCents + order!.standardFeeCents;
    expect(order).toMatchObject({ promoCodeId: code.id, discountCents: 10, totalCents: list - 10 });
    expect(intent).toMatchObject({ totalAmount: formatUsd(list - 10), discount: '0.10' });
    // The payment asks for the discounted total, never the list price.
    const [payment] = await rowsOf<{ amount: number }>(
      database.db,
      sql`select amount from sandbox_payment_intents where id = ${intent.paymentIntentId}`,
    );
    expect(Number(payment!.amount)).toBe(list - 10);
  });

  it('refuses a browser total that is not the server’s discounted one', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    await makeCode();
    const userId = await insertTestUser(database.db);
    const { operator, amount } = await firstOffer(services);
    const body = { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: SANDBOX_NUMBERS.successful };
    // The browser shows the price without the code's discount: the server's price differs.
    const listTotal = formatUsd(priceTopUp(Math.round(Number(amount) * 100), { airtimeFee: 0.03, standardFeeCents: 33 }).totalCents);
    const refused = await refusal(
      startCheckout(services, { userId, accountEmail: 'a@example.com', body: { ...body, promoCode: 'SUMMER10', totalAmount: listTotal } }),
    );
    expect(refused).toMatchObject({ code: 'PRICE_CHANGED' });
  });

  it.each([
    ['an unknown code', {}, 'NOPE', 'PROMO_UNKNOWN', 'apiErrors.promoUnknown'],
    ['a disabled code', { enabled: false }, 'SUMMER10', 'PROMO_UNKNOWN', 'apiErrors.promoUnknown'],
    [
      'a code not started',
      { startsAt: new Date(START.getTime() + 60_000), endsAt: new Date(START.getTime() + DAY) },
      'SUMMER10',
      'PROMO_NOT_STARTED',
      'apiErrors.promoNotStarted',
    ],
    ['an expired code', { startsAt: new Date(START.getTime() - DAY), endsAt: START }, 'SUMMER10', 'PROMO_EXPIRED', 'apiErrors.promoExpired'],
    ['a code whose budget is spent', { budgetCents: 9 }, 'SUMMER10', 'PROMO_EXHAUSTED', 'apiErrors.promoExhausted'],
    ['a top-up under the minimum', { minAmountCents: 1_000_000 }, 'SUMMER10', 'PROMO_MINIMUM_AMOUNT', 'apiErrors.promoMinimumAmount'],
  ] as const)('refuses %s with a 400 on the code and its reason, creating nothing', async (_name, values, typed, code, key) => {
    const { services } = sandboxOrderServices(database.db, START);
    await makeCode(values);
    const userId = await insertTestUser(database.db);
    expect(await refusal(checkout(services, userId, typed))).toEqual({ status: 'invalid', code, key, field: 'promoCode' });
    expect(await database.db.select().from(orders)).toHaveLength(0);
  });

  it('gives a customer only the uses the code allows, and frees a use when its order ends unpaid', async () => {
    const { services, advance } = sandboxOrderServices(database.db, START);
    await makeCode({ usesPerCustomer: 1 });
    const userId = await insertTestUser(database.db);
    const first = await checkout(services, userId, 'SUMMER10');
    expect(await refusal(checkout(services, userId, 'SUMMER10'))).toMatchObject({ code: 'PROMO_USED_BY_YOU', key: 'apiErrors.promoUsedByYou' });
    // Another customer still may.
    await checkout(services, await insertTestUser(database.db), 'SUMMER10');
    // The first order expires unpaid: its use is given back.
    await database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, first.orderId));
    advance(60_000);
    await expect(checkout(services, userId, 'SUMMER10')).resolves.toMatchObject({ discount: '0.10' });
  });

  it('keeps a first-top-up code for customers with no paid top-up', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    await makeCode({ firstTopUpOnly: true });
    const userId = await insertTestUser(database.db);
    // An unpaid order does not make a first top-up.
    await checkout(services, userId);
    const [order] = await database.db.select().from(orders);
    await expect(checkout(services, userId, 'SUMMER10')).resolves.toMatchObject({ discount: '0.10' });
    await database.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order!.id));
    expect(await refusal(checkout(services, userId, 'SUMMER10'))).toMatchObject({
      code: 'PROMO_FIRST_TOP_UP_ONLY',
      key: 'apiErrors.promoFirstTopUpOnly',
    });
  });

  it('lets one of two customers checking out at once take the last of the budget, and releases the other’s payment', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    await makeCode({ budgetCents: 15 });
    const [amina, kofi] = [await insertTestUser(database.db), await insertTestUser(database.db)];
    // Both are priced before either order exists: the review's check passes for both.
    const results = await Promise.allSettled([checkout(services, amina, 'SUMMER10'), checkout(services, kofi, 'SUMMER10')]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [lost] = results.filter((result) => result.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'PROMO_EXHAUSTED', options: { field: 'promoCode' } });
    const made = await database.db.select().from(orders);
    expect(made.map((order) => order.discountCents)).toEqual([10]);
    const intents = await rowsOf<{ status: string }>(database.db, sql`select status from sandbox_payment_intents order by created_at`);
    expect(intents.map((intent) => intent.status).sort()).toEqual(['canceled', 'requires_payment_method']);
  });

  it('answers the review’s check with the same price checkout charges', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    await makeCode({ kind: 'percent', appliesTo: 'fee', value: 10_000 });
    const userId = await insertTestUser(database.db);
    const { amount } = await firstOffer(services);
    const price = priceTopUp(Math.round(Number(amount) * 100), { airtimeFee: 0.03, standardFeeCents: 33 });
    const checked = await applyPromoCode(database.db, 'summer10', { userId, price, now: START });
    // A fee code at 100 % leaves the amount, never less.
    expect(checked.price).toMatchObject({ discountCents: price.serviceFeeCents, totalCents: price.amountCents });
    const intent = await checkout(services, userId, 'summer10');
    expect(intent.totalAmount).toBe(formatUsd(price.amountCents));
  });

  it('refunds only what was paid, and the settlement counts the discounted total as captured', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    await makeCode({ value: 25 });
    const userId = await insertTestUser(database.db);
    const intent = await checkout(services, userId, 'SUMMER10');
    await confirmSandboxPaymentIntent(
      database.db,
      intent.paymentIntentId,
      { clientSecret: intent.clientSecret, paymentMethod: GOOD_CARD },
      services.now(),
    );
    const fulfilment = createFulfilment(services);
    const completed = await fulfilment.fulfil(intent.orderId, 'browser');
    expect(completed.status).toBe('completed');
    const paid = completed.amountCents + completed.percentageFeeCents + completed.standardFeeCents - 25;
    expect(completed.totalCents).toBe(paid);

    const day = START.toISOString().slice(0, 10);
    const before = await settlement(database.db, { from: day, to: day }, services.now());
    const [sums] = await rowsOf<{ captured: string }>(database.db, sql`select sum(total_cents) as captured from orders where status = 'completed'`);
    expect(before.settlement.totals.capturedCents).toBe(Number(sums!.captured));
    expect(before.settlement.totals.capturedCents).toBe(paid);

    await refundOrder(services, fulfilment, { orderId: completed.id, actor: { id: 'admin-1', email: 'boss@example.com' }, reason: 'Asked for it' });
    const refunds = await database.db.select().from(sandboxRefunds);
    expect(refunds.map((refund) => refund.amount)).toEqual([paid]);
    const after = await settlement(database.db, { from: day, to: day }, new Date(services.now().getTime() + 60_000));
    expect(after.settlement.totals.refundedCents).toBe(paid);
  });
});
