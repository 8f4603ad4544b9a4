import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, SIGN_IN_THROTTLE_MESSAGE } from '../shared/api/account';
import { buildApp } from './app';
import { user } from './db/schema';
import { latestOutboxMessage } from './mail/mailer';
import { testConfig } from './testing/app';
import { accountClient, confirmEmailFromOutbox, signInWithLocalGoogle, totpCode, TEST_ORIGIN } from './testing/accounts';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from './testing/databases';

const PASSWORD = 'Lagos-to-Accra-2026';
/** A six-digit code half a million away from the current one, so never valid in the window either side. */
const wrongTotpCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
let addressCounter = 0;
/** Each test signs in from its own address, so the per-address throttle only counts where a test is about it. */
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

describe.each(TEST_DATABASE_KINDS)('accounts on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig({ ADMIN_EMAILS: 'boss@example.com' }), database, now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    await database.reset();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const client = () => accountClient(app, freshAddress());

  /** A signed-in admin (an ADMIN_EMAILS address, confirmed) with two-factor enabled through the plugin's endpoints. */
  async function adminWithTwoFactor(email = 'boss@example.com') {
    const admin = client();
    expect((await admin.signUp(email, PASSWORD)).statusCode).toBe(200);
    expect((await confirmEmailFromOutbox(app, database.db, email)).statusCode).toBe(302);
    const enable = await admin.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.statusCode).toBe(200);
    const { totpURI } = enable.json() as { totpURI: string };
    const verify = await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    expect(verify.statusCode).toBe(200);
    return { admin, totpURI };
  }

  describe('registration and sign-in', () => {
    it('registers with a username and marketing preference, and signs the new user in', async () => {
      const browser = client();
      const response = await browser.signUp('Amina@Example.com', PASSWORD, { username: 'amina_y', marketingPreference: true });
      expect(response.statusCode).toBe(200);
      const [row] = await database.db.select().from(user).where(eq(user.email, 'amina@example.com'));
      expect(row).toMatchObject({ username: 'amina_y', marketingPreference: true, isAdmin: false, language: 'en', theme: 'system', name: 'amina_y' });
      expect((await browser.get('/api/user')).json()).toEqual({
        success: true,
        user: { id: row!.id, email: 'amina@example.com', username: 'amina_y', is_admin: false },
        settings: { language: 'en', theme: 'system', receiptEmails: true },
      });
    });

    it('starts a new account in the language and theme the sign-up form sends, over the browser cookies', async () => {
      const browser = client();
      browser.setCookie('language', 'fr');
      expect((await browser.signUp('amina@example.com', PASSWORD, { language: 'es', theme: 'dark' })).statusCode).toBe(200);
      expect((await browser.get('/api/user')).json()).toMatchObject({ settings: { language: 'es', theme: 'dark' } });
    });

    it('starts an account made with Google in the language and theme of the browser cookies', async () => {
      const browser = client();
      browser.setCookie('language', 'ar');
      browser.setCookie('theme', 'dark');
      await signInWithLocalGoogle(app, browser, 'kofi@example.com');
      const [row] = await database.db.select().from(user).where(eq(user.email, 'kofi@example.com'));
      expect(row).toMatchObject({ language: 'ar', theme: 'dark' });
    });

    it('ignores preference cookies it does not know, keeping the defaults', async () => {
      const browser = client();
      browser.setCookie('language', 'klingon');
      browser.setCookie('theme', 'neon');
      await browser.signUp('kofi@example.com', PASSWORD);
      const [row] = await database.db.select().from(user).where(eq(user.email, 'kofi@example.com'));
      expect(row).toMatchObject({ language: 'en', theme: 'system' });
    });

    it('registers without a username', async () => {
      const response = await client().signUp('kofi@example.com', PASSWORD);
      expect(response.statusCode).toBe(200);
      const [row] = await database.db.select().from(user).where(eq(user.email, 'kofi@example.com'));
      expect(row).toMatchObject({ username: null, marketingPreference: false, name: 'kofi' });
    });

    it('refuses a second account with a taken username with 409', async () => {
      await client().signUp('one@example.com', PASSWORD, { username: 'samename' });
      const response = await client().signUp('two@example.com', PASSWORD, { username: 'samename' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, message: 'This username is already taken' });
    });

    it('signs in, answers 401 to a wrong password, and signs out', async () => {
      await client().signUp('amina@example.com', PASSWORD);
      const browser = client();
      const wrong = await browser.signIn('amina@example.com', 'not-the-password-1');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ success: false, message: 'Invalid email or password', messageKey: 'apiErrors.invalidCredentials' });
      expect((await browser.signIn('amina@example.com', PASSWORD)).statusCode).toBe(200);
      expect((await browser.get('/api/user')).statusCode).toBe(200);
      const out = await browser.post('/api/logout');
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true });
      expect(out.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^globaltopup\.session_token=;.*Max-Age=0/)]));
      expect((await browser.get('/api/user')).statusCode).toBe(401);
    });

    it('ends the session on the server at logout, so the old cookie no longer works', async () => {
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      const oldCookies = browser.cookies;
      await browser.post('/api/logout');
      const replay = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: oldCookies } });
      expect(replay.statusCode).toBe(401);
    });

    it('answers logout harmlessly when signed out', async () => {
      const response = await app.inject({ method: 'POST', url: '/api/logout' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
    });

    it('sets an HttpOnly, SameSite=Lax session cookie, with a new token at every sign-in', async () => {
      await client().signUp('amina@example.com', PASSWORD);
      const tokens = [];
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await client().signIn('amina@example.com', PASSWORD);
        const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((value) => value.startsWith('globaltopup.session_token='))!;
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; SameSite=Lax/);
        expect(cookie).not.toMatch(/; Secure/);
        tokens.push(cookie.split(';')[0]);
      }
      expect(tokens[0]).not.toBe(tokens[1]);
    });
  });

  describe('failed sign-ins', () => {
    it('answers 429 to the 6th attempt for one e-mail, even with the right password, until 15 minutes have passed', async () => {
      await client().signUp('amina@example.com', PASSWORD);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await client().signIn('amina@example.com', `wrong-password-${attempt}`)).statusCode).toBe(401);
      }
      const blocked = await client().signIn('amina@example.com', PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        success: false,
        message: SIGN_IN_THROTTLE_MESSAGE,
        code: 'TOO_MANY_ATTEMPTS',
        messageKey: 'apiErrors.tooManySignInAttempts',
      });
      clock = new Date(clock.getTime() + 15 * 60 * 1000 + 1000);
      expect((await client().signIn('amina@example.com', PASSWORD)).statusCode).toBe(200);
    });

    it('counts failures per address too: another e-mail from the same address is refused', async () => {
      const attacker = accountClient(app, '192.0.2.66');
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await attacker.signIn(`victim${attempt}@example.com`, 'guess-guess-guess')).statusCode).toBe(401);
      }
      expect((await attacker.signIn('someone-else@example.com', 'guess-guess-guess')).statusCode).toBe(429);
      expect((await client().signIn('someone-else@example.com', 'guess-guess-guess')).statusCode).toBe(401);
    });

    it('clears the e-mail count after a successful sign-in', async () => {
      await client().signUp('amina@example.com', PASSWORD);
      for (let attempt = 1; attempt <= 4; attempt += 1) await client().signIn('amina@example.com', 'wrong-password-x');
      expect((await client().signIn('amina@example.com', PASSWORD)).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await client().signIn('amina@example.com', 'wrong-password-x')).statusCode).toBe(401);
      }
    });
  });

  describe('password rules', () => {
    it.each([
      ['7 characters', 'Ab3$xyz', PASSWORD_MESSAGES.tooShort, { messageKey: 'apiErrors.passwordTooShort', messageParams: { min: 8 } }],
      ['129 characters', 'a1'.repeat(64) + 'z', PASSWORD_MESSAGES.tooLong, { messageKey: 'apiErrors.passwordTooLong', messageParams: { max: 128 } }],
      ['a common password', 'Password123', PASSWORD_MESSAGES.tooCommon, { messageKey: 'apiErrors.passwordTooCommon' }],
    ])('refuses %s at sign-up with a clear 400 that the browser can translate', async (_label, password, message, keyed) => {
      const response = await client().signUp('amina@example.com', password);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, ...keyed });
    });

    it('refuses a second account for the same e-mail, with the key of its message', async () => {
      await client().signUp('amina@example.com', PASSWORD);
      const again = await client().signUp('amina@example.com', 'another-good-secret-9');
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ success: false, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', messageKey: 'apiErrors.emailTaken' });
    });

    it('accepts 8 and 128 characters', async () => {
      expect((await client().signUp('eight@example.com', 'kx7#Qp2v')).statusCode).toBe(200);
      expect((await client().signUp('long@example.com', 'k7'.repeat(64))).statusCode).toBe(200);
    });
  });

  describe('password reset through the outbox', () => {
    it('mails a link to /auth?reset=…, and the token sets a new password that replaces the old one', async () => {
      await client().signUp('amina@example.com', PASSWORD);
      const request = await client().post('/api/auth/request-password-reset', { email: 'amina@example.com' });
      expect(request.statusCode).toBe(200);
      const mail = await latestOutboxMessage(database.db, 'amina@example.com');
      expect(mail?.subject).toBe('Reset your GlobalTopUp password');
      const token = /\/auth\?reset=([^\s"&]+)/.exec(mail!.text)![1]!;
      expect(mail!.text).toContain(`${TEST_ORIGIN}/auth?reset=${token}`);

      const common = await client().post('/api/auth/reset-password', { token, newPassword: 'password1234' });
      expect(common.statusCode).toBe(400);
      expect(common.json().message).toBe(PASSWORD_MESSAGES.tooCommon);

      const reset = await client().post('/api/auth/reset-password', { token: decodeURIComponent(token), newPassword: 'Fresh-Start-in-Dakar-9' });
      expect(reset.statusCode).toBe(200);
      expect((await client().signIn('amina@example.com', PASSWORD)).statusCode).toBe(401);
      expect((await client().signIn('amina@example.com', 'Fresh-Start-in-Dakar-9')).statusCode).toBe(200);
    });

    it('serves the latest outbox message on the development route', async () => {
      await client().signUp('amina@example.com', PASSWORD);
      await client().post('/api/auth/request-password-reset', { email: 'amina@example.com' });
      const response = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=amina@example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toMatchObject({ to: 'amina@example.com', subject: 'Reset your GlobalTopUp password' });
    });
  });

  describe('calls for each role', () => {
    it('answers a visitor 401 everywhere that needs an account', async () => {
      const visitor = client();
      expect((await visitor.get('/api/user')).json()).toEqual({
        success: false,
        message: 'Please login to continue',
        messageKey: 'apiErrors.signInRequired',
      });
      expect((await visitor.get('/api/user')).statusCode).toBe(401);
      expect((await visitor.get('/api/user/refresh-admin-status')).statusCode).toBe(401);
      const settings = await visitor.get('/api/user/settings');
      expect(settings.statusCode).toBe(401);
      expect(settings.json()).toEqual({ language: 'en' });
      expect((await visitor.post('/api/user/settings', { theme: 'dark' })).statusCode).toBe(401);
      expect((await visitor.patch('/api/user', { username: 'visitor' })).statusCode).toBe(401);
      expect((await visitor.get('/api/admin/users')).statusCode).toBe(401);
    });

    it('lets a user use their own calls and answers 403 on admin routes', async () => {
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      expect((await browser.get('/api/user')).statusCode).toBe(200);
      expect((await browser.get('/api/user/refresh-admin-status')).json()).toMatchObject({ success: true, user: { is_admin: false } });
      const admin = await browser.get('/api/admin/users');
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toMatchObject({ success: false, message: 'Admin access required' });
    });

    it('makes an ADMIN_EMAILS address an admin once confirmed, who still needs two-factor for admin routes', async () => {
      const browser = client();
      await browser.signUp('Boss@Example.com', PASSWORD);
      expect((await browser.get('/api/user')).json()).toMatchObject({ user: { is_admin: false } });
      await confirmEmailFromOutbox(app, database.db, 'boss@example.com');
      expect((await browser.get('/api/user')).json()).toMatchObject({ user: { is_admin: true } });
      const admin = await browser.get('/api/admin/users');
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toEqual({
        success: false,
        message: 'Two-factor authentication is required for admin access',
        code: 'TWO_FACTOR_REQUIRED',
        messageKey: 'apiErrors.twoFactorRequired',
      });
    });

    it('lets an admin with two-factor list the users', async () => {
      await client().signUp('amina@example.com', PASSWORD, { username: 'amina' });
      const { admin } = await adminWithTwoFactor();
      const response = await admin.get('/api/admin/users');
      expect(response.statusCode).toBe(200);
      const { users } = response.json() as { users: Array<Record<string, unknown>> };
      expect(users).toHaveLength(2);
      expect(users.find((row) => row.email === 'boss@example.com')).toMatchObject({ is_admin: true, two_factor_enabled: true, username: null });
      expect(users.find((row) => row.email === 'amina@example.com')).toEqual({
        id: expect.any(String),
        email: 'amina@example.com',
        username: 'amina',
        is_admin: false,
        two_factor_enabled: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect((await admin.get('/api/user')).statusCode).toBe(200);
      expect((await admin.get('/api/user/settings')).statusCode).toBe(200);
    });

    it('shows an admin the top-up wallet as the last top-up answer reported it, and nobody else', async () => {
      const { admin } = await adminWithTwoFactor();
      expect((await admin.get('/api/admin/topup-wallet')).json()).toEqual({
        success: true,
        balance: null,
        currencyCode: null,
        reportedAt: null,
        lowBalance: null,
        low: false,
        balanceUsdCents: null,
        spentLast7DaysCents: 0,
        daysLeft: null,
      });
      const customer = client();
      await customer.signUp('amina@example.com', PASSWORD);
      expect((await customer.get('/api/admin/topup-wallet')).statusCode).toBe(403);
      expect((await client().get('/api/admin/topup-wallet')).statusCode).toBe(401);
    });

    it('challenges a two-factor user at sign-in and opens the session with a TOTP code', async () => {
      const { totpURI } = await adminWithTwoFactor();
      const browser = client();
      const first = await browser.signIn('boss@example.com', PASSWORD);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ twoFactorRedirect: true });
      expect((await browser.get('/api/user')).statusCode).toBe(401);
      expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
      expect((await browser.get('/api/admin/users')).statusCode).toBe(200);
    });

    it('turns two-factor off only with a current code as well as the password', async () => {
      const { admin, totpURI } = await adminWithTwoFactor();
      const enabled = async () => (await database.db.select().from(user).where(eq(user.email, 'boss@example.com')))[0]!.twoFactorEnabled;
      for (const body of [
        { password: PASSWORD },
        { password: PASSWORD, code: '12345' },
        { password: PASSWORD, code: wrongTotpCode(totpCode(totpURI)) },
      ]) {
        const refused = await admin.post('/api/auth/two-factor/disable', body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().message).toBe('That code is not correct. Check that the time on your phone is right and enter the newest code.');
        expect(await enabled()).toBe(true);
      }
      const wrongPassword = await admin.post('/api/auth/two-factor/disable', { password: 'not-the-password-1', code: totpCode(totpURI) });
      expect(wrongPassword.statusCode).not.toBe(200);
      expect(await enabled()).toBe(true);
      expect((await admin.post('/api/auth/two-factor/disable', { password: PASSWORD, code: totpCode(totpURI) })).statusCode).toBe(200);
      expect(await enabled()).toBe(false);
    });

    it('reads admin status fresh from the database', async () => {
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      await database.db.update(user).set({ isAdmin: true }).where(eq(user.email, 'amina@example.com'));
      expect((await browser.get('/api/user/refresh-admin-status')).json()).toMatchObject({ success: true, user: { is_admin: true } });
    });
  });

  describe('settings', () => {
    it('turns receipt e-mails off and on again, for this account only', async () => {
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      const off = await browser.post('/api/user/settings', { receiptEmails: false });
      expect(off.json()).toEqual({ success: true, settings: { language: 'en', theme: 'system', receiptEmails: false } });
      expect((await browser.get('/api/user/settings')).json()).toMatchObject({ receiptEmails: false });
      const [row] = await database.db.select().from(user).where(eq(user.email, 'amina@example.com'));
      expect(row!.receiptEmails).toBe(false);
      const other = client();
      await other.signUp('kofi@example.com', PASSWORD);
      expect((await other.get('/api/user/settings')).json()).toMatchObject({ receiptEmails: true });
      await browser.post('/api/user/settings', { receiptEmails: true });
      expect((await browser.get('/api/user/settings')).json()).toMatchObject({ receiptEmails: true });
    });

    it('reads the defaults, saves language and theme, and refuses unknown values', async () => {
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      expect((await browser.get('/api/user/settings')).json()).toEqual({ language: 'en', theme: 'system', receiptEmails: true });
      const saved = await browser.post('/api/user/settings', { theme: 'dark' });
      expect(saved.json()).toEqual({ success: true, settings: { language: 'en', theme: 'dark', receiptEmails: true } });
      await browser.post('/api/user/settings', { language: 'ar' });
      expect((await browser.get('/api/user/settings')).json()).toEqual({ language: 'ar', theme: 'dark', receiptEmails: true });
      for (const body of [{ theme: 'neon' }, { language: 'de' }, { colour: 'red' }, { receiptEmails: 'no' }, {}]) {
        const response = await browser.post('/api/user/settings', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      }
    });

    it('refuses settings outside the supported lists through Better Auth update-user too', async () => {
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      expect((await browser.post('/api/auth/update-user', { theme: 'neon' })).statusCode).toBe(400);
    });
  });

  describe('username', () => {
    it('changes the username, refuses a taken one with 409 and a malformed one with 400', async () => {
      await client().signUp('kofi@example.com', PASSWORD, { username: 'kofi' });
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      const changed = await browser.patch('/api/user', { username: 'amina.y' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ success: true, user: { username: 'amina.y' } });
      const taken = await browser.patch('/api/user', { username: 'kofi' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ success: false, message: 'This username is already taken' });
      for (const username of ['ab', 'x'.repeat(31), 'has space', 'émile']) {
        expect((await browser.patch('/api/user', { username })).statusCode).toBe(400);
      }
    });
  });

  describe('cross-site protection', () => {
    it('refuses a cross-site POST and lets a same-origin one through', async () => {
      const browser = client();
      await browser.signUp('amina@example.com', PASSWORD);
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        for (const url of ['/api/user/settings', '/api/auth/sign-out', '/api/logout']) {
          const response = await app.inject({ method: 'POST', url, payload: { theme: 'dark' }, headers: { ...headers, cookie: browser.cookies } });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual({ success: false, message: 'Cross-site request refused', code: 'CROSS_SITE' });
        }
      }
      const same = await app.inject({
        method: 'POST',
        url: '/api/user/settings',
        payload: { theme: 'dark' },
        headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', cookie: browser.cookies },
      });
      expect(same.statusCode).toBe(200);
      const noOrigin = await app.inject({
        method: 'POST',
        url: '/api/user/settings',
        payload: { theme: 'light' },
        headers: { cookie: browser.cookies },
      });
      expect(noOrigin.statusCode).toBe(200);
    });
  });

  it('makes existing ADMIN_EMAILS users with a confirmed address admins when the server starts', async () => {
    await client().signUp('later-admin@example.com', PASSWORD);
    await confirmEmailFromOutbox(app, database.db, 'later-admin@example.com');
    const restarted = await buildApp({ config: testConfig({ ADMIN_EMAILS: 'later-admin@example.com' }), database });
    try {
      const [row] = await database.db.select().from(user).where(eq(user.email, 'later-admin@example.com'));
      expect(row?.isAdmin).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('accounts in production', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    await database.reset();
    app = await buildApp({
      config: testConfig({
        NODE_ENV: 'production',
        BETTER_AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
        PUBLIC_URL: 'https://topup.example',
      }),
      database,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('marks the session cookie Secure and does not serve the outbox', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'amina@example.com', password: PASSWORD },
      headers: { origin: 'https://topup.example' },
    });
    expect(response.statusCode).toBe(200);
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((value) => value.includes('session_token='))!;
    expect(cookie).toMatch(/^__Secure-globaltopup\.session_token=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox?to=amina@example.com' })).statusCode).toBe(404);
  });
});
