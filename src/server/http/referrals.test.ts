import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OperatorInfo } from '../../shared/api/catalog';
import type { AdminCustomerReferrals, MyReferralsResponse, ReferralPriceResponse, ReferralSettingsResponse } from '../../shared/api/referrals';
import { adminAuditLog, referralCodes, referrals, user } from '../db/schema';
import { signedInAdmin } from '../testing/admin-client';
import { useTestApp } from '../testing/app';

const PASSWORD = 'Lagos-to-Accra-2026';

describe('refer a friend over HTTP', () => {
  const testApp = useTestApp();
  type Browser = ReturnType<typeof testApp.client>;

  async function customer(browser: Browser = testApp.client()) {
    const email = `${randomUUID()}@example.com`;
    expect((await browser.signUp(email, PASSWORD)).statusCode).toBe(200);
    const [row] = await testApp.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return { browser, id: row!.id };
  }

  async function priceBody() {
    const answer = await testApp.app.inject({ method: 'GET', url: '/api/reloadly/operator-detect/08031234567/NG' });
    const operator = answer.json().data as OperatorInfo;
    const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : Math.max(operator.minAmount ?? 5, 5);
    return { amount: amount.toFixed(2), operatorId: operator.operatorId, countryCode: 'NG' };
  }

  it('carries the code of /?ref=<code> through sign-up: the friend joins, sees the welcome discount, the referrer sees them', async () => {
    const referrer = await customer();
    const mine = (await referrer.browser.get('/api/referrals/me')).json() as MyReferralsResponse;
    expect(mine).toMatchObject({ friendsJoined: 0, creditCents: 0, friendDiscountCents: 500 });
    expect(mine.code).toMatch(/^[0-9A-Z]{8}$/);
    expect(mine.link).toMatch(new RegExp(`/\\?ref=${mine.code}$`));
    // The same code on every visit.
    expect(((await referrer.browser.get('/api/referrals/me')).json() as MyReferralsResponse).code).toBe(mine.code);

    const visitor = testApp.client();
    const landing = await visitor.get(`/?ref=${mine.code.toLowerCase()}`);
    expect(landing.statusCode).toBe(200);
    expect(String(landing.headers['set-cookie'])).toMatch(new RegExp(`^referral=${mine.code}; .*HttpOnly; SameSite=Lax`));
    const friend = await customer(visitor);
    const [joined] = await testApp.database.db.select().from(referrals).where(eq(referrals.friendId, friend.id));
    expect(joined).toMatchObject({ referrerId: referrer.id, status: 'joined' });

    const price = (await friend.browser.post('/api/referrals/price', await priceBody())).json() as ReferralPriceResponse;
    // The sandbox's first NG offer is $1.36 all in: the welcome discount stops at the smallest charge a card can pay.
    expect(price).toMatchObject({ welcomeDiscount: '0.86', credit: '0.00', totalAmount: '0.50' });
    expect(((await referrer.browser.get('/api/referrals/me')).json() as MyReferralsResponse).friendsJoined).toBe(1);
    // The friend has a code of their own, and sees none of the referrer's figures.
    const friends = (await friend.browser.get('/api/referrals/me')).json() as MyReferralsResponse;
    expect(friends.code).not.toBe(mine.code);
    expect(friends.friendsJoined).toBe(0);
  });

  it('sets nothing for a malformed code, and a forged cookie at sign-up joins nobody', async () => {
    const visitor = testApp.client();
    const landing = await visitor.get('/?ref=%3Cscript%3E');
    expect(landing.statusCode).toBe(200);
    expect(String(landing.headers['set-cookie'] ?? '')).not.toContain('referral=');
    // A request link (/r/<token>) is still a request link's page, not a referral.
    expect(String((await visitor.get('/r/ABCDEFGH')).headers['set-cookie'] ?? '')).not.toContain('referral=');
    visitor.setCookie('referral', 'ZZZZZZZZ');
    await customer(visitor);
    expect(await testApp.database.db.select().from(referrals)).toHaveLength(0);
  });

  it('keeps each customer’s referral data their own and the console’s to admins (authorization matrix)', async () => {
    const anonymous = testApp.client();
    const { browser: somebody, id: somebodyId } = await customer();
    const { id: otherId } = await customer();
    const body = await priceBody();
    const adminRoutes = [
      ['GET', '/api/admin/referral-settings'],
      ['PUT', '/api/admin/referral-settings'],
      ['GET', `/api/admin/customers/${otherId}/referrals`],
      ['GET', `/api/admin/customers/${somebodyId}/referrals`],
    ] as const;
    const call = (browser: Browser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
      method === 'GET' ? browser.get(url) : method === 'PUT' ? browser.put(url, payload) : browser.post(url, payload);
    for (const [method, url] of adminRoutes) {
      expect((await call(anonymous, method, url, {})).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await call(somebody, method, url, {})).statusCode, `${method} ${url} as a customer`).toBe(403);
    }
    expect((await anonymous.get('/api/referrals/me')).statusCode).toBe(401);
    expect((await anonymous.post('/api/referrals/price', body)).statusCode).toBe(401);
    // A customer's own routes take no account id: a forged one in the query or body is ignored.
    const own = (await somebody.get(`/api/referrals/me?userId=${otherId}`)).json() as MyReferralsResponse;
    const [ownCode] = await testApp.database.db.select().from(referralCodes).where(eq(referralCodes.userId, somebodyId));
    expect(own.code).toBe(ownCode!.code);
    expect(await testApp.database.db.select().from(referralCodes).where(eq(referralCodes.userId, otherId))).toHaveLength(0);
    const priced = await somebody.post('/api/referrals/price', { ...body, userId: otherId });
    expect(priced.statusCode).toBe(200);
    // Bad input is a 400 naming the field, never a 500.
    const bad = await somebody.post('/api/referrals/price', { ...body, amount: 'lots' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets an admin change the amounts on the version read (409 when stale, audited) and see a customer’s referrals', async () => {
    const { browser: boss } = await signedInAdmin(testApp);
    const read = (await boss.get('/api/admin/referral-settings')).json() as ReferralSettingsResponse;
    expect(read.settings).toMatchObject({ version: 0, friendDiscountCents: 500, referrerCreditCents: 500, disputeWindowDays: 60 });
    const change = { friendDiscount: '3.00', referrerCredit: '7', disputeWindowDays: '30', version: 0, reason: 'Autumn campaign' };
    const saved = await boss.put('/api/admin/referral-settings', change);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as ReferralSettingsResponse).settings).toMatchObject({
      version: 1,
      friendDiscountCents: 300,
      referrerCreditCents: 700,
      disputeWindowDays: 30,
      updatedByEmail: 'boss@example.com',
    });
    const stale = await boss.put('/api/admin/referral-settings', { ...change, friendDiscount: '0.01' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SETTINGS_CONFLICT', details: { current: { version: 1, friendDiscountCents: 300 } } });
    const negative = await boss.put('/api/admin/referral-settings', { ...change, version: 1, referrerCredit: '-5' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ field: 'referrerCredit' });
    const audit = await testApp.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'referrals.update'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ reason: 'Autumn campaign', before: expect.objectContaining({ friendDiscountCents: 500 }) });

    const referrer = await customer();
    const { code } = (await referrer.browser.get('/api/referrals/me')).json() as MyReferralsResponse;
    const visitor = testApp.client();
    await visitor.get(`/top-up?ref=${code}`);
    const friend = await customer(visitor);
    const shown = (await boss.get(`/api/admin/customers/${referrer.id}/referrals`)).json() as { referrals: AdminCustomerReferrals };
    expect(shown.referrals).toMatchObject({ code, creditCents: 0, referrals: [{ role: 'referrer', otherUserId: friend.id, status: 'joined' }] });
    const fromFriend = (await boss.get(`/api/admin/customers/${friend.id}/referrals`)).json() as { referrals: AdminCustomerReferrals };
    expect(fromFriend.referrals.referrals).toMatchObject([{ role: 'friend', otherUserId: referrer.id }]);
  });
});
