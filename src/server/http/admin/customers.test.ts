import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCustomerResponse, AdminCustomersResponse } from '../../../shared/api/admin';
import { recordAdminAction } from '../../audit/audit-log';
import { buildApp } from '../../app';
import { adminAuditLog, orders, session, user } from '../../db/schema';
import { testConfig } from '../../testing/app';
import { signInWithLocalGoogle, TEST_ORIGIN, totpCode } from '../../testing/accounts';
import { newBrowser, signedInAdmin, signedUpBrowser, TEST_PASSWORD } from '../../testing/admins';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { SANDBOX_NUMBERS } from '../../testing/orders';

const HOUR_MS = 60 * 60 * 1000;
const DAILY_LIMIT_USD = 300;

describe.each(TEST_DATABASE_KINDS)('the console’s customers on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig({ DAILY_SPEND_LIMIT_USD: String(DAILY_LIMIT_USD) }), database, reconciler: false });
  });
  beforeEach(() => database.reset());
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const db = () => database.db;
  const admin = () => signedInAdmin(app, db(), 'boss@example.com');
  const customer = (email = 'amina@example.com') => signedUpBrowser(app, db(), email);
  type Browser = Awaited<ReturnType<typeof customer>>;

  const auditRows = () => db().select().from(adminAuditLog).orderBy(adminAuditLog.id);
  const sessionCount = async (userId: string) => (await db().select().from(session).where(eq(session.userId, userId))).length;

  /** A browser with a fresh session of the customer's (a second device). */
  async function secondDevice(email: string) {
    const browser = newBrowser(app);
    expect((await browser.signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    return browser;
  }

  async function checkoutAttempt(browser: Browser | ReturnType<typeof newBrowser>) {
    const detected = (await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${SANDBOX_NUMBERS.successful}/NG` })).json().data;
    return browser.post('/api/create-payment-intent', {
      amount: detected.fixedAmounts?.[0]?.toFixed(2) ?? '5.00',
      orderKey: randomUUID(),
      operatorId: detected.operatorId,
      countryCode: 'NG',
      phone: SANDBOX_NUMBERS.successful,
    });
  }

  describe('search', () => {
    let boss: Awaited<ReturnType<typeof admin>>;
    async function search(query: string) {
      const answer = await boss.get(`/api/admin/customers${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as AdminCustomersResponse;
    }
    const emails = (answer: AdminCustomersResponse) => answer.customers.map((row) => row.email);

    beforeEach(async () => {
      boss = await admin();
      await db()
        .insert(user)
        .values([
          { id: 'cust_amina', name: 'Amina Yusuf', email: 'amina@example.com', username: 'amina_y' },
          { id: 'cust_kofi', name: 'Kofi Mensah', email: 'kofi@mail.example', username: 'kofi100%' },
          { id: 'cust_zainab', name: 'Zainab Bello', email: 'zainab@example.com', emailVerified: true, blockedAt: new Date() },
        ]);
    });

    it('finds customers by part of the e-mail, name or username in any case, or by the exact id', async () => {
      expect(emails(await search('?q=MAIL.EXAMPLE'))).toEqual(['kofi@mail.example']);
      expect(emails(await search('?q=yusuf'))).toEqual(['amina@example.com']);
      expect(emails(await search('?q=AMINA_Y'))).toEqual(['amina@example.com']);
      expect(emails(await search('?q=cust_zainab'))).toEqual(['zainab@example.com']);
      // Part of an id is no match (ids are not searched for by part).
      expect(emails(await search('?q=cust_zai'))).toEqual([]);
    });

    it('searches for % and _ as themselves', async () => {
      expect(emails(await search('?q=100%25'))).toEqual(['kofi@mail.example']);
      expect(emails(await search('?q=a_y'))).toEqual(['amina@example.com']);
      expect(emails(await search('?q=%25'))).toEqual(['kofi@mail.example']);
    });

    it('lists every account newest first, with what the table shows', async () => {
      const answer = await search('');
      // The three inserted in one statement share their created_at: the id orders them.
      expect(emails(answer)).toEqual(['zainab@example.com', 'kofi@mail.example', 'amina@example.com', 'boss@example.com']);
      expect(answer.customers.find((row) => row.id === 'cust_zainab')).toEqual({
        id: 'cust_zainab',
        email: 'zainab@example.com',
        name: 'Zainab Bello',
        username: null,
        emailVerified: true,
        isAdmin: false,
        twoFactorEnabled: false,
        blocked: true,
        createdAt: expect.any(String),
      });
      expect(answer.customers.find((row) => row.email === 'boss@example.com')).toMatchObject({ isAdmin: true, twoFactorEnabled: true });
      expect(answer.nextCursor).toBeNull();
    });

    it('pages through accounts created in the same instant, each once', async () => {
      // One statement: every row gets the same created_at, so the id alone orders them.
      await db()
        .insert(user)
        .values(Array.from({ length: 5 }, (_, index) => ({ id: `same_${index}`, name: `Same ${index}`, email: `same${index}@example.org` })));
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const answer: AdminCustomersResponse = (
          await boss.get(`/api/admin/customers?q=example.org&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        expect(answer.customers.length).toBeLessThanOrEqual(2);
        seen.push(...answer.customers.map((row) => row.id));
        cursor = answer.nextCursor;
      }
      expect(seen).toEqual(['same_4', 'same_3', 'same_2', 'same_1', 'same_0']);
    });

    it.each([
      ['?cursor=not-a-cursor', 'cursor'],
      [`?cursor=${Buffer.from('["12",{"x":1}]').toString('base64url')}`, 'cursor'],
      [`?cursor=${Buffer.from('["1e9","a"]').toString('base64url')}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      [`?q=${'x'.repeat(201)}`, 'q'],
    ])('answers %s with a 400 naming %s', async (query, field) => {
      const answer = await boss.get(`/api/admin/customers${query}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, field });
    });
  });

  describe('the customer page', () => {
    /** An order row as checkout and fulfilment would have left it. */
    async function orderOf(userId: string, status: string, totalCents: number, createdAt: Date) {
      const id = randomUUID();
      await db()
        .insert(orders)
        .values({
          id,
          userId,
          orderKey: randomUUID(),
          status,
          operatorId: 1,
          operatorName: 'MTN Nigeria',
          countryIso: 'NG',
          recipientPhone: '8031234567',
          amountCents: totalCents - 100,
          percentageFeeCents: 0,
          standardFeeCents: 100,
          totalCents,
          destinationCurrencyCode: 'NGN',
          paymentProvider: 'sandbox',
          customIdentifier: `topup-${id}`,
          authorisedAt: status === 'created' ? null : createdAt,
          createdAt,
          updatedAt: createdAt,
        });
      return id;
    }

    it('shows the account, its sign-in methods and open sessions, its money figures and latest orders', async () => {
      const amina = await customer();
      await secondDevice('amina@example.com');
      const now = Date.now();
      const ago = (hours: number) => new Date(now - hours * HOUR_MS);
      await orderOf(amina.id, 'completed', 1_000, ago(48));
      const refunded = await orderOf(amina.id, 'completed', 2_000, ago(30));
      await orderOf(amina.id, 'completed', 500, ago(2));
      await orderOf(amina.id, 'delivery_pending', 700, ago(1));
      await orderOf(amina.id, 'canceled', 9_000, ago(1));
      const newest = await orderOf(amina.id, 'created', 300, ago(0.5));
      const boss = await admin();
      const bossRow = (await db().select().from(user).where(eq(user.email, 'boss@example.com')))[0]!;
      await recordAdminAction(db(), {
        actor: { id: bossRow.id, email: bossRow.email },
        action: 'order.refund',
        targetType: 'order',
        targetId: refunded,
        reason: 'Recipient never got it',
        now: new Date(),
      });

      const answer = await boss.get(`/api/admin/customers/${amina.id}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const { customer: page, orders: rows } = answer.json() as AdminCustomerResponse;
      expect(page).toMatchObject({
        id: amina.id,
        email: 'amina@example.com',
        blocked: false,
        blockedAt: null,
        blockedReason: null,
        isAdmin: false,
        twoFactorEnabled: false,
        language: 'en',
        signInMethods: ['credential'],
        totals: {
          paidCents: 3_500,
          refundedCents: 2_000,
          // Held or paid in the last 24 hours: the completed 500 and the delivery_pending 700 (not the unpaid one).
          last24hCents: 1_200,
          dailyLimitCents: DAILY_LIMIT_USD * 100,
          orderCount: 6,
        },
      });
      expect(page.sessions).toHaveLength(2);
      expect(page.sessions[0]).toMatchObject({ secondFactorVerified: false, expiresAt: expect.any(String) });
      expect(rows.map((row) => row.id)[0]).toBe(newest);
      expect(rows).toHaveLength(6);
      expect(rows[0]).toMatchObject({
        status: 'created',
        userId: amina.id,
        customerEmail: 'amina@example.com',
        countryCode: 'NG',
        callingCode: '234',
        totalCents: 300,
        paymentProvider: 'sandbox',
        attention: null,
      });
    });

    it('shows Google as a sign-in method and an admin’s verified sessions', async () => {
      await signInWithLocalGoogle(app, newBrowser(app), 'kofi@example.com');
      const boss = await admin();
      const kofi = (await db().select().from(user).where(eq(user.email, 'kofi@example.com')))[0]!;
      expect((await boss.get(`/api/admin/customers/${kofi.id}`)).json().customer.signInMethods).toEqual(['google']);
      const bossId = (await db().select().from(user).where(eq(user.email, 'boss@example.com')))[0]!.id;
      const own = (await boss.get(`/api/admin/customers/${bossId}`)).json() as AdminCustomerResponse;
      expect(own.customer).toMatchObject({ isAdmin: true, twoFactorEnabled: true });
      expect(own.customer.sessions.map((open) => open.secondFactorVerified)).toEqual([true]);
    });

    it('answers an unknown customer with 404', async () => {
      const boss = await admin();
      const answer = await boss.get('/api/admin/customers/nobody-has-this-id');
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND', messageKey: 'apiErrors.customerNotFound' });
    });
  });

  describe('blocking', () => {
    it('signs a blocked account out everywhere at once, refuses its sign-in and its checkout, and writes one audit row', async () => {
      const amina = await customer();
      const phone = await secondDevice('amina@example.com');
      const boss = await admin();

      const blocked = await boss.post(`/api/admin/customers/${amina.id}/block`, { reason: '  Card testing from many numbers  ' });
      expect(blocked.statusCode, blocked.body).toBe(200);
      expect(blocked.json().customer).toMatchObject({ blocked: true, blockedReason: 'Card testing from many numbers', sessions: [] });
      expect(await sessionCount(amina.id)).toBe(0);

      for (const browser of [amina, phone]) {
        expect((await browser.get('/api/user')).statusCode).toBe(401);
        expect((await checkoutAttempt(browser)).statusCode).toBe(401);
      }
      const signIn = await newBrowser(app).signIn('amina@example.com', TEST_PASSWORD);
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json()).toMatchObject({ success: false, code: 'ACCOUNT_BLOCKED', messageKey: 'apiErrors.accountBlocked' });
      expect(signIn.json().message).toMatch(/blocked/);
      expect(signIn.headers['set-cookie'] ?? '').not.toContain('session_token=');
      // Without the password, nothing tells a stranger the account is blocked.
      expect((await newBrowser(app).signIn('amina@example.com', 'Wrong-password-2026')).json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
      expect(await sessionCount(amina.id)).toBe(0);

      const rows = await auditRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorEmail: 'boss@example.com',
        action: 'customer.block',
        targetType: 'customer',
        targetId: amina.id,
        reason: 'Card testing from many numbers',
        before: { blockedAt: null, blockedReason: null, sessions: 2 },
        after: { blockedAt: expect.any(String), blockedReason: 'Card testing from many numbers', sessions: 0 },
      });
    });

    it('lets an unblocked account sign in and check out again', async () => {
      const amina = await customer();
      const boss = await admin();
      expect((await boss.post(`/api/admin/customers/${amina.id}/block`, { reason: 'Chargebacks' })).statusCode).toBe(200);
      const unblocked = await boss.post(`/api/admin/customers/${amina.id}/unblock`, { reason: 'Spoke to the customer' });
      expect(unblocked.statusCode, unblocked.body).toBe(200);
      expect(unblocked.json().customer).toMatchObject({ blocked: false, blockedAt: null, blockedReason: null });

      const again = newBrowser(app);
      expect((await again.signIn('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await checkoutAttempt(again)).statusCode).toBe(200);
      expect((await auditRows()).map((row) => [row.action, row.before, row.after])).toEqual([
        ['customer.block', expect.anything(), expect.anything()],
        ['customer.unblock', { blockedAt: expect.any(String), blockedReason: 'Chargebacks' }, { blockedAt: null, blockedReason: null }],
      ]);
    });

    it('refuses the two-factor step of a sign-in that began before the block', async () => {
      const amina = await customer();
      const { totpURI } = (await amina.post('/api/auth/two-factor/enable', { password: TEST_PASSWORD })).json() as { totpURI: string };
      expect((await amina.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
      const pending = newBrowser(app);
      expect((await pending.signIn('amina@example.com', TEST_PASSWORD)).json()).toMatchObject({ twoFactorRedirect: true });

      const boss = await admin();
      expect((await boss.post(`/api/admin/customers/${amina.id}/block`, { reason: 'Account taken over' })).statusCode).toBe(200);
      const code = await pending.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
      expect(code.statusCode).toBe(403);
      expect(code.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', messageKey: 'apiErrors.accountBlocked' });
      expect(await sessionCount(amina.id)).toBe(0);
      expect((await pending.get('/api/user')).statusCode).toBe(401);
    });

    it('refuses a Google sign-in of a blocked account, back on the page with the reason', async () => {
      await signInWithLocalGoogle(app, newBrowser(app), 'kofi@example.com');
      const kofi = (await db().select().from(user).where(eq(user.email, 'kofi@example.com')))[0]!;
      const boss = await admin();
      expect((await boss.post(`/api/admin/customers/${kofi.id}/block`, { reason: 'Stolen cards' })).statusCode).toBe(200);

      const browser = newBrowser(app);
      const callback = await signInWithLocalGoogle(app, browser, 'kofi@example.com');
      expect(callback.statusCode).toBe(302);
      const back = new URL(callback.headers.location as string);
      expect(back.origin).toBe(TEST_ORIGIN);
      expect(back.searchParams.getAll('error')).toContain('ACCOUNT_BLOCKED');
      expect(await sessionCount(kofi.id)).toBe(0);
      expect((await browser.get('/api/user')).statusCode).toBe(401);
    });

    it('refuses every request, checkout first, of a session that slipped through a block', async () => {
      const amina = await customer();
      // Signed in while the block was being written: the session exists, the account is blocked.
      await db().update(user).set({ blockedAt: new Date(), blockedReason: 'Fraud' }).where(eq(user.id, amina.id));
      const checkout = await checkoutAttempt(amina);
      expect(checkout.statusCode).toBe(403);
      expect(checkout.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', messageKey: 'apiErrors.accountBlocked' });
      expect(checkout.json().message).toMatch(/blocked/);
      expect((await amina.get('/api/orders')).statusCode).toBe(403);
      expect(await db().select().from(orders)).toEqual([]);
    });

    it('refuses to block an account twice, or to unblock one that is not blocked, changing nothing', async () => {
      const amina = await customer();
      const boss = await admin();
      const notBlocked = await boss.post(`/api/admin/customers/${amina.id}/unblock`, { reason: 'Oops' });
      expect(notBlocked.statusCode).toBe(409);
      expect(notBlocked.json()).toMatchObject({ code: 'CUSTOMER_NOT_BLOCKED', details: { blocked: false } });
      await boss.post(`/api/admin/customers/${amina.id}/block`, { reason: 'Fraud' });
      const twice = await boss.post(`/api/admin/customers/${amina.id}/block`, { reason: 'Fraud again' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'CUSTOMER_ALREADY_BLOCKED', messageKey: 'apiErrors.customerAlreadyBlocked' });
      expect((await auditRows()).map((row) => row.action)).toEqual(['customer.block']);
      expect((await db().select().from(user).where(eq(user.id, amina.id)))[0]!.blockedReason).toBe('Fraud');
    });
  });

  it('ends every session of a customer, who may sign in again', async () => {
    const amina = await customer();
    const phone = await secondDevice('amina@example.com');
    const boss = await admin();
    const ended = await boss.post(`/api/admin/customers/${amina.id}/end-sessions`, { reason: 'Lost phone' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().customer).toMatchObject({ blocked: false, sessions: [] });
    expect((await amina.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await newBrowser(app).signIn('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect(await auditRows()).toMatchObject([
      { action: 'customer.end-sessions', reason: 'Lost phone', before: { sessions: 2 }, after: { sessions: 0 } },
    ]);
  });

  describe('admin rights', () => {
    it('gives and takes admin rights, one audit row each', async () => {
      const kofi = await customer('kofi@example.com');
      await db().update(user).set({ emailVerified: true }).where(eq(user.id, kofi.id));
      const boss = await admin();
      const granted = await boss.post(`/api/admin/customers/${kofi.id}/admin`, { isAdmin: true, reason: 'Joins support' });
      expect(granted.statusCode, granted.body).toBe(200);
      expect(granted.json().customer).toMatchObject({ isAdmin: true });
      // The new admin still needs two-factor before the console opens.
      expect((await kofi.get('/api/admin/customers')).json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
      const revoked = await boss.post(`/api/admin/customers/${kofi.id}/admin`, { isAdmin: false, reason: 'Left support' });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().customer).toMatchObject({ isAdmin: false });
      expect((await auditRows()).map((row) => [row.action, row.reason, row.before, row.after])).toEqual([
        ['customer.grant-admin', 'Joins support', { isAdmin: false }, { isAdmin: true }],
        ['customer.revoke-admin', 'Left support', { isAdmin: true }, { isAdmin: false }],
      ]);
    });

    it('gives rights to an unconfirmed address, which the console still refuses until it is confirmed', async () => {
      const kofi = await customer('kofi@example.com');
      const boss = await admin();
      expect((await boss.post(`/api/admin/customers/${kofi.id}/admin`, { isAdmin: true, reason: 'Joins support' })).statusCode).toBe(200);
      expect((await kofi.get('/api/admin/customers')).json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    });

    it('refuses a change that is already so', async () => {
      const kofi = await customer('kofi@example.com');
      const boss = await admin();
      const answer = await boss.post(`/api/admin/customers/${kofi.id}/admin`, { isAdmin: false, reason: 'Tidy up' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'CUSTOMER_NOT_ADMIN', details: { isAdmin: false } });
      expect(await auditRows()).toEqual([]);
    });

    it('lets no admin change their own rights or block themselves', async () => {
      const boss = await admin();
      await signedInAdmin(app, db(), 'deputy@example.com');
      const bossId = (await db().select().from(user).where(eq(user.email, 'boss@example.com')))[0]!.id;
      for (const [action, body] of [
        ['admin', { isAdmin: false, reason: 'Stepping down' }],
        ['block', { reason: 'Testing' }],
      ] as const) {
        const answer = await boss.post(`/api/admin/customers/${bossId}/${action}`, body);
        expect(answer.statusCode, action).toBe(409);
        expect(answer.json()).toMatchObject({ code: 'OWN_ACCOUNT', messageKey: 'apiErrors.ownAccountChange' });
      }
      expect((await db().select().from(user).where(eq(user.id, bossId)))[0]).toMatchObject({ isAdmin: true, blockedAt: null });
      expect((await boss.get('/api/admin/customers')).statusCode).toBe(200);
      expect(await auditRows()).toEqual([]);
    });

    it('refuses an admin whose rights another admin took away, and a blocked admin', async () => {
      const boss = await admin();
      const deputy = await signedInAdmin(app, db(), 'deputy@example.com');
      const amina = await customer();
      expect((await boss.post(`/api/admin/customers/${deputy.id}/admin`, { isAdmin: false, reason: 'Left' })).statusCode).toBe(200);
      expect((await deputy.post(`/api/admin/customers/${amina.id}/block`, { reason: 'Fraud' })).statusCode).toBe(403);
      await db().update(user).set({ isAdmin: true, blockedAt: new Date() }).where(eq(user.id, deputy.id));
      const blockedAdmin = await deputy.get('/api/admin/customers');
      expect(blockedAdmin.statusCode).toBe(403);
      expect(blockedAdmin.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED' });
    });
  });

  describe('bad requests', () => {
    it.each([
      ['no body', undefined, 'reason'],
      ['no reason', {}, 'reason'],
      ['an empty reason', { reason: '' }, 'reason'],
      ['a reason of spaces', { reason: '   ' }, 'reason'],
      ['a reason of 501 characters', { reason: 'x'.repeat(501) }, 'reason'],
      ['a reason that is not text', { reason: 42 }, 'reason'],
    ])('answers an action with %s with a 400 naming the reason, changing nothing', async (_label, body, field) => {
      const amina = await customer();
      const boss = await admin();
      for (const action of ['block', 'unblock', 'end-sessions', 'admin']) {
        const answer = await app.inject({
          method: 'POST',
          url: `/api/admin/customers/${amina.id}/${action}`,
          payload: body as Record<string, unknown> | undefined,
          headers: { origin: TEST_ORIGIN, cookie: boss.cookies },
        });
        expect(answer.statusCode, `${action}: ${answer.body}`).toBe(400);
        expect(answer.json()).toMatchObject({ success: false, field });
      }
      expect(await sessionCount(amina.id)).toBe(1);
      expect(await auditRows()).toEqual([]);
    });

    it('takes a reason of 500 characters', async () => {
      const amina = await customer();
      const boss = await admin();
      expect((await boss.post(`/api/admin/customers/${amina.id}/end-sessions`, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
    });

    it('answers a rights change without isAdmin with a 400 naming it', async () => {
      const amina = await customer();
      const boss = await admin();
      const answer = await boss.post(`/api/admin/customers/${amina.id}/admin`, { reason: 'Joins support', isAdmin: 'yes' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ field: 'isAdmin' });
    });

    it.each(['block', 'unblock', 'end-sessions', 'admin'])('answers %s on an unknown customer with 404', async (action) => {
      const boss = await admin();
      const answer = await boss.post(`/api/admin/customers/nobody-has-this-id/${action}`, { reason: 'Check', isAdmin: true });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
      expect(await auditRows()).toEqual([]);
    });
  });
});
