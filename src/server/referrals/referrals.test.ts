import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MINIMUM_CHARGE_CENTS } from '../../shared/promo';
import { disputes, orders, promoCodes, referralCredits, referrals, session } from '../db/schema';
import { DomainError } from '../domain-error';
import { refundOrder } from '../orders/admin-actions';
import { startCheckout } from '../orders/checkout';
import { createFulfilment } from '../orders/fulfilment';
import type { OrderServices } from '../orders/services';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { firstOffer, insertTestUser, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { rejectionOf } from '../testing/rejections';
import { customerReferrals, ensureReferralCode, recordReferralAtSignUp } from './codes';
import { addressRange, mailboxOf, runReferralRewards } from './rewards';
import { readReferralSettings, updateReferralSettings } from './settings';

const START = new Date('2026-11-22T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
/** A card of the friend's own: the referrer pays with the sandbox's usual 4242… */
const FRIENDS_CARD = { number: '5555555555554444' };
const ADMIN = { id: 'admin-1', email: 'boss@example.com' };

describe.each(TEST_DATABASE_KINDS)('refer a friend on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  /** A referrer with a code, and a friend who signed up through their link from `address`. */
  async function referrerAndFriend(emails: { referrer?: string; friend?: string } = {}, address = '203.0.113.7') {
    // The sandbox's first NG offer costs $1.36 all in: a $0.30 welcome discount leaves more than the smallest charge.
    await saveSettings({ friendDiscountCents: 30 });
    const referrerId = await insertTestUser(database.db, emails.referrer);
    const code = await ensureReferralCode(database.db, referrerId, START);
    const friendId = await insertTestUser(database.db, emails.friend);
    // The link's cookie as the browser sends it back at sign-up, in whatever case.
    const joined = await recordReferralAtSignUp(database.db, {
      friendId,
      cookieHeader: `language=en; referral=${code.toLowerCase()}`,
      address,
      now: START,
    });
    expect(joined).toBe('joined');
    return { referrerId, friendId, code };
  }

  async function saveSettings(values: { friendDiscountCents?: number; referrerCreditCents?: number; disputeWindowDays?: number }) {
    const settings = { ...(await readReferralSettings(database.db)), ...values };
    await updateReferralSettings(database.db, {
      friendDiscount: settings.friendDiscountCents,
      referrerCredit: settings.referrerCreditCents,
      disputeWindowDays: settings.disputeWindowDays,
      version: settings.version,
      reason: 'Campaign',
      actor: ADMIN,
      now: START,
    });
  }

  /** A top-up paid and delivered: completed. */
  async function completedOrder(services: OrderServices, userId: string, card?: { number: string }) {
    const { orderId } = await paidOrder(services, { userId, ...(card ? { card } : {}) });
    const order = await createFulfilment(services).fulfil(orderId, 'browser');
    expect(order.status).toBe('completed');
    return order;
  }

  async function checkout(services: OrderServices, userId: string, extra: { promoCode?: string; orderKey?: string } = {}) {
    const { operator, amount } = await firstOffer(services);
    return startCheckout(services, {
      userId,
      accountEmail: 'payer@example.com',
      body: {
        amount,
        orderKey: extra.orderKey ?? randomUUID(),
        operatorId: operator.operatorId,
        countryCode: 'NG',
        phone: SANDBOX_NUMBERS.successful,
        ...extra,
      },
    });
  }

  const orderOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const referralOf = async (friendId: string) => (await database.db.select().from(referrals).where(eq(referrals.friendId, friendId)))[0]!;
  const listTotal = (order: typeof orders.$inferSelect) => order.amountCents + order.percentageFeeCents + order.standardFeeCents;

  /** A referrer with `cents` of credit granted (as the job grants it). */
  async function referrerWithCredit(cents: number) {
    const { referrerId, friendId } = await referrerAndFriend();
    const referral = await referralOf(friendId);
    await database.db.update(referrals).set({ status: 'rewarded', decidedAt: START }).where(eq(referrals.id, referral.id));
    await database.db.insert(referralCredits).values({ userId: referrerId, referralId: referral.id, amountCents: cents, createdAt: START });
    return referrerId;
  }

  it('gives a friend who joined by the link the welcome discount on the first top-up only, priced by the server', async () => {
    const { services, advance } = sandboxOrderServices(database.db, START);
    const { friendId } = await referrerAndFriend();
    const first = await completedOrder(services, friendId, FRIENDS_CARD);
    const referral = await referralOf(friendId);
    expect(first).toMatchObject({ welcomeReferralId: referral.id, discountCents: 30, creditUsedCents: 0, promoCodeId: null });
    expect(first.totalCents).toBe(listTotal(first) - 30);
    advance(DAY);
    const second = await orderOf((await checkout(services, friendId)).orderId);
    expect(second).toMatchObject({ welcomeReferralId: null, discountCents: 0 });
    expect(second.totalCents).toBe(listTotal(second));
  });

  it('joins nobody for an unknown or malformed code, or for the account itself', async () => {
    const ownerId = await insertTestUser(database.db);
    const code = await ensureReferralCode(database.db, ownerId, START);
    // The same customer asking again keeps their code; it is not their id.
    expect(await ensureReferralCode(database.db, ownerId, START)).toBe(code);
    expect(code).not.toContain(ownerId.slice(0, 8));
    const friendId = await insertTestUser(database.db);
    for (const cookieHeader of ['referral=ZZZZZZZZ', 'referral=../../x', `referral=${code}x`, null]) {
      expect(await recordReferralAtSignUp(database.db, { friendId, cookieHeader, address: null, now: START })).toBeNull();
    }
    expect(await recordReferralAtSignUp(database.db, { friendId: ownerId, cookieHeader: `referral=${code}`, address: null, now: START })).toBeNull();
    expect(await database.db.select().from(referrals)).toHaveLength(0);
  });

  it('lets only one of two checkouts at once take the welcome discount', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const { friendId } = await referrerAndFriend();
    const results = await Promise.allSettled([checkout(services, friendId), checkout(services, friendId)]);
    const made = await database.db.select().from(orders);
    expect(made.filter((order) => order.welcomeReferralId !== null)).toHaveLength(1);
    // The other is refused (priced again without it) or made without it: never a second welcome discount.
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'PRICE_CHANGED' });
  });

  it('never adds a promo code to the welcome discount: a smaller code is refused, a bigger one replaces it', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const { friendId } = await referrerAndFriend();
    const code = (value: number, text: string) => ({
      code: text,
      kind: 'fixed',
      appliesTo: 'total',
      value,
      startsAt: new Date(START.getTime() - DAY),
      endsAt: new Date(START.getTime() + DAY),
      createdAt: START,
      updatedAt: START,
      updatedById: ADMIN.id,
      updatedByEmail: ADMIN.email,
    });
    await database.db.insert(promoCodes).values([code(20, 'SMALL1'), code(40, 'BIG7')]);
    const refused = await rejectionOf(checkout(services, friendId, { promoCode: 'SMALL1' }), DomainError);
    expect(refused).toMatchObject({ kind: 'invalid', code: 'PROMO_WELCOME_BETTER', options: { field: 'promoCode' } });
    expect(refused.messageRef).toMatchObject({ key: 'apiErrors.promoWelcomeBetter', params: { discount: '$0.30' } });
    const bigger = await orderOf((await checkout(services, friendId, { promoCode: 'BIG7' })).orderId);
    expect(bigger).toMatchObject({ discountCents: 40, welcomeReferralId: null });
  });

  it('qualifies the referral when the first top-up completes and rewards the referrer once it is past the dispute window', async () => {
    const { services, clock } = sandboxOrderServices(database.db, START);
    const { referrerId, friendId } = await referrerAndFriend();
    // Nothing to do before the friend's first top-up.
    expect(await runReferralRewards(database.db, START)).toEqual({ qualified: 0, rewarded: 0, refused: 0 });
    const first = await completedOrder(services, friendId, FRIENDS_CARD);
    expect(await runReferralRewards(database.db, clock.now)).toMatchObject({ qualified: 1 });
    expect(await referralOf(friendId)).toMatchObject({ status: 'qualified', qualifyingOrderId: first.id });
    // The window is a setting: 10 days here.
    await saveSettings({ disputeWindowDays: 10, referrerCreditCents: 300 });
    const delivered = first.deliveredAt!.getTime();
    expect(await runReferralRewards(database.db, new Date(delivered + 10 * DAY - 1))).toMatchObject({ rewarded: 0 });
    expect(await database.db.select().from(referralCredits)).toHaveLength(0);
    expect(await runReferralRewards(database.db, new Date(delivered + 10 * DAY))).toMatchObject({ rewarded: 1 });
    expect(await referralOf(friendId)).toMatchObject({ status: 'rewarded' });
    expect(await database.db.select().from(referralCredits)).toEqual([expect.objectContaining({ userId: referrerId, amountCents: 300 })]);
    // Run again, nothing more.
    expect(await runReferralRewards(database.db, new Date(delivered + 20 * DAY))).toEqual({ qualified: 0, rewarded: 0, refused: 0 });
  });

  it('grants the credit once when two runs of the job go at once', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const { friendId } = await referrerAndFriend();
    await completedOrder(services, friendId, FRIENDS_CARD);
    const later = new Date(START.getTime() + 61 * DAY);
    const runs = await Promise.all([
      runReferralRewards(database.db, later),
      runReferralRewards(database.db, later),
      runReferralRewards(database.db, later),
    ]);
    expect(runs.reduce((total, run) => total + run.rewarded, 0)).toBe(1);
    expect(await database.db.select().from(referralCredits)).toHaveLength(1);
    // The unique index refuses a second grant for the same referral, whatever writes it.
    const [grant] = await database.db.select().from(referralCredits);
    await expect(database.db.insert(referralCredits).values({ ...grant!, id: undefined })).rejects.toThrow();
  });

  it.each([
    ['the same card', {}, 'same_card'],
    ['an address of the same network', { referrerSignedInFrom: '203.0.113.200' }, 'same_address'],
    ['one mailbox behind both accounts (self-referral)', { referrer: 'amina.okafor@gmail.com', friend: 'aminaokafor+2@googlemail.com' }, 'self'],
  ] as const)('refuses the reward for %s, with the reason the console shows', async (_name, setup, reason) => {
    const { services, advance } = sandboxOrderServices(database.db, START);
    const emails = 'referrer' in setup ? setup : {};
    const { referrerId, friendId } = await referrerAndFriend(emails);
    if ('referrerSignedInFrom' in setup) {
      await database.db.insert(session).values({
        id: randomUUID(),
        token: randomUUID(),
        userId: referrerId,
        expiresAt: new Date(START.getTime() + DAY),
        createdAt: START,
        updatedAt: START,
        ipAddress: setup.referrerSignedInFrom,
      });
    }
    // The referrer paid with the usual card; the friend too when the card is what they share.
    await completedOrder(services, referrerId);
    advance(60 * 60 * 1000);
    await completedOrder(services, friendId, reason === 'same_card' ? undefined : FRIENDS_CARD);
    expect(await runReferralRewards(database.db, new Date(START.getTime() + 61 * DAY))).toMatchObject({ rewarded: 0, refused: 1 });
    expect(await referralOf(friendId)).toMatchObject({ status: 'refused', refusedReason: reason });
    expect(await database.db.select().from(referralCredits)).toHaveLength(0);
    const shown = await customerReferrals(database.db, referrerId);
    expect(shown.rows.map((row) => row.referral.refusedReason)).toEqual([reason]);
  });

  it('refuses the reward when the first top-up is refunded within the window', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const { friendId } = await referrerAndFriend();
    const first = await completedOrder(services, friendId, FRIENDS_CARD);
    await refundOrder(services, createFulfilment(services), { orderId: first.id, actor: ADMIN, reason: 'Asked for it' });
    expect(await runReferralRewards(database.db, new Date(START.getTime() + 61 * DAY))).toMatchObject({ refused: 1 });
    expect(await referralOf(friendId)).toMatchObject({ status: 'refused', refusedReason: 'first_top_up_undone' });
  });

  it('refuses the reward when the first top-up is disputed, even a dispute the shop goes on to win', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const { friendId } = await referrerAndFriend();
    const first = await completedOrder(services, friendId, FRIENDS_CARD);
    await database.db.insert(disputes).values({
      id: `du_${randomUUID()}`,
      orderId: first.id,
      amountCents: first.totalCents,
      currency: 'usd',
      reason: 'fraudulent',
      status: 'won',
      outcome: 'won',
      openedAt: new Date(START.getTime() + 5 * DAY),
    });
    expect(await runReferralRewards(database.db, new Date(START.getTime() + 61 * DAY))).toMatchObject({ rewarded: 0, refused: 1 });
    expect(await referralOf(friendId)).toMatchObject({ status: 'refused', refusedReason: 'first_top_up_undone' });
    expect(await database.db.select().from(referralCredits)).toHaveLength(0);
  });

  it('refuses the reward when the friend tops up a number the referrer tops up, with another card from another network', async () => {
    const { services, advance } = sandboxOrderServices(database.db, START);
    const { referrerId, friendId } = await referrerAndFriend();
    // Both send to the sandbox's successful number; nothing else is shared.
    await completedOrder(services, referrerId);
    advance(60 * 60 * 1000);
    await completedOrder(services, friendId, FRIENDS_CARD);
    expect(await runReferralRewards(database.db, new Date(START.getTime() + 61 * DAY))).toMatchObject({ rewarded: 0, refused: 1 });
    expect(await referralOf(friendId)).toMatchObject({ status: 'refused', refusedReason: 'same_account' });
  });

  it('uses the credit on the next order automatically, never below the minimum charge, and gives it back when the order ends unpaid', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const referrerId = await referrerWithCredit(1_000_000);
    const intent = await checkout(services, referrerId);
    const order = await orderOf(intent.orderId);
    expect(order.totalCents).toBe(MINIMUM_CHARGE_CENTS);
    expect(order.creditUsedCents).toBe(listTotal(order) - MINIMUM_CHARGE_CENTS);
    expect(order.discountCents).toBe(order.creditUsedCents);
    // The credit the open order holds is not there for another.
    const second = await orderOf((await checkout(services, referrerId)).orderId);
    expect(second.creditUsedCents).toBe(Math.min(1_000_000 - order.creditUsedCents, listTotal(second) - MINIMUM_CHARGE_CENTS));
    await database.db.update(orders).set({ status: 'expired' }).where(eq(orders.id, order.id));
    const third = await orderOf((await checkout(services, referrerId)).orderId);
    expect(third.creditUsedCents).toBe(listTotal(third) - MINIMUM_CHARGE_CENTS);
  });

  it('spends the credit once when two checkouts go at once, never below zero, and a refund gives it back', async () => {
    const { services, advance } = sandboxOrderServices(database.db, START);
    const referrerId = await referrerWithCredit(60);
    const results = await Promise.allSettled([checkout(services, referrerId), checkout(services, referrerId)]);
    const made = await database.db.select().from(orders);
    expect(made.reduce((total, order) => total + order.creditUsedCents, 0)).toBe(60);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'PRICE_CHANGED' });
    // A top-up paid with credit, then refunded: the card gets back what it paid, the credit comes back.
    await database.db.update(orders).set({ status: 'expired' });
    const paid = await createFulfilment(services).fulfil((await paidOrder(services, { userId: referrerId })).orderId, 'browser');
    expect(paid).toMatchObject({ status: 'completed', creditUsedCents: 60 });
    expect(paid.totalCents).toBe(listTotal(paid) - 60);
    await refundOrder(services, createFulfilment(services), { orderId: paid.id, actor: ADMIN, reason: 'Asked for it' });
    advance(DAY);
    const next = await orderOf((await checkout(services, referrerId)).orderId);
    expect(next.creditUsedCents).toBe(60);
  });

  it('a retried click keeps its own welcome discount and credit', async () => {
    const { services } = sandboxOrderServices(database.db, START);
    const { friendId } = await referrerAndFriend();
    const orderKey = randomUUID();
    const first = await checkout(services, friendId, { orderKey });
    const again = await checkout(services, friendId, { orderKey });
    expect(again.orderId).toBe(first.orderId);
    expect(again.discount).toBe('0.30');
  });

  it('compares addresses by network and mailboxes without tags', () => {
    expect(addressRange('::ffff:203.0.113.7')).toBe('203.0.113');
    expect(addressRange('2001:db8:1:2::5')).toBe(addressRange('2001:0db8:0001:0002:ffff::1'));
    expect(addressRange('2001:db8:1:3::5')).not.toBe(addressRange('2001:db8:1:2::5'));
    expect(mailboxOf('A.Mina+x@GMail.com')).toBe('amina@gmail.com');
    expect(mailboxOf('a.mina+x@example.com')).toBe('a.mina@example.com');
  });
});
