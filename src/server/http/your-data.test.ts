import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { YOUR_DATA_PATHS } from '../../shared/api/your-data';
import { SIGN_IN_FAILURE_LIMIT } from '../auth/sign-in-throttle';
import { attemptCounts, session, user } from '../db/schema';
import { signInWithLocalGoogle, totpCode } from '../testing/accounts';
import { TEST_PASSWORD } from '../testing/admins';
import { useTestApp } from '../testing/app';
import { insertOrderRow } from '../testing/order-rows';

describe('GET /api/user/data and POST /api/user/delete', () => {
  const testApp = useTestApp();
  const db = () => testApp.database.db;

  async function signedUp(email: string) {
    const browser = testApp.client();
    expect((await browser.signUp(email, TEST_PASSWORD)).statusCode).toBe(200);
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    return Object.assign(browser, { id: row!.id });
  }

  async function withTwoFactor(browser: Awaited<ReturnType<typeof signedUp>>) {
    const { totpURI } = (await browser.post('/api/auth/two-factor/enable', { password: TEST_PASSWORD })).json<{
      totpURI: string;
      backupCodes: string[];
    }>();
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    return totpURI;
  }

  it('downloads the signed-in customer’s data as a JSON file; a visitor gets 401', async () => {
    const browser = await signedUp('amina@example.com');
    const answer = await browser.get(YOUR_DATA_PATHS.export);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="globaltopup-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(answer.headers['cache-control']).toMatch(/no-store/);
    expect(answer.json()).toMatchObject({ format: 1, account: { id: browser.id, email: 'amina@example.com' }, orders: [] });
    expect((await testApp.client().get(YOUR_DATA_PATHS.export)).statusCode).toBe(401);
  });

  it('asks a two-factor account’s session that gave no code for one before the download', async () => {
    const browser = await signedUp('amina@example.com');
    await withTwoFactor(browser);
    expect((await browser.get(YOUR_DATA_PATHS.export)).statusCode).toBe(200);
    await db().update(session).set({ twoFactorVerifiedAt: null }).where(eq(session.userId, browser.id));
    const refused = await browser.get(YOUR_DATA_PATHS.export);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
  });

  it('deletes with the password: every session ends, and the e-mail can sign up again', async () => {
    const browser = await signedUp('amina@example.com');
    const elsewhere = testApp.client();
    expect((await elsewhere.signIn('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);

    const answer = await browser.post(YOUR_DATA_PATHS.delete, { password: TEST_PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(String(answer.headers['set-cookie'])).toMatch(/session_token=; Max-Age=0/);
    // The old cookie of this browser and of the other one are worth nothing now.
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect(await db().select().from(session).where(eq(session.userId, browser.id))).toEqual([]);
    // The old password opens nothing; the address registers again, as a new account.
    expect((await testApp.client().signIn('amina@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    const again = await testApp.client().signUp('amina@example.com', TEST_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ user: { id: string } }>().user.id).not.toBe(browser.id);
  });

  it('refuses a missing or wrong password, counting each wrong one toward the sign-in throttle', async () => {
    const browser = await signedUp('amina@example.com');
    const missing = await browser.post(YOUR_DATA_PATHS.delete, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'PASSWORD_REQUIRED', field: 'password' });

    const wrong = await browser.post(YOUR_DATA_PATHS.delete, { password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD', field: 'password' });
    const [count] = await db().select().from(attemptCounts).where(eq(attemptCounts.key, 'email:amina@example.com'));
    expect(count?.count).toBe(1);
    for (let attempt = 1; attempt < SIGN_IN_FAILURE_LIMIT; attempt += 1) {
      expect((await browser.post(YOUR_DATA_PATHS.delete, { password: `wrong-${attempt}` })).statusCode).toBe(400);
    }
    // The account's checks are spent: not even the right password is checked now, here or at sign-in.
    const limited = await browser.post(YOUR_DATA_PATHS.delete, { password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect((await testApp.client().signIn('amina@example.com', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
  });

  it('asks for a current code or a backup code when two-factor is on', async () => {
    const browser = await signedUp('amina@example.com');
    const totpURI = await withTwoFactor(browser);
    const noCode = await browser.post(YOUR_DATA_PATHS.delete, { password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: 'CODE_REQUIRED', field: 'code' });
    const wrongCode = await browser.post(YOUR_DATA_PATHS.delete, {
      password: TEST_PASSWORD,
      code: '000000' === totpCode(totpURI) ? '111111' : '000000',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'INVALID_CODE', field: 'code' });
    expect(
      (
        await db()
          .select()
          .from(attemptCounts)
          .where(eq(attemptCounts.key, `2fa:${browser.id}`))
      )[0]?.count,
    ).toBe(1);
    expect((await browser.get('/api/user')).statusCode).toBe(200);

    const deleted = await browser.post(YOUR_DATA_PATHS.delete, { password: TEST_PASSWORD, code: totpCode(totpURI) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('takes a backup code instead of the current code', async () => {
    const browser = await signedUp('amina@example.com');
    const { totpURI, backupCodes } = (await browser.post('/api/auth/two-factor/enable', { password: TEST_PASSWORD })).json<{
      totpURI: string;
      backupCodes: string[];
    }>();
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    const deleted = await browser.post(YOUR_DATA_PATHS.delete, { password: TEST_PASSWORD, code: backupCodes[0] });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('refuses while an order is in progress, before any password is checked, and changes nothing', async () => {
    const browser = await signedUp('amina@example.com');
    await insertOrderRow(db(), { userId: browser.id, status: 'delivery_pending' });
    const refused = await browser.post(YOUR_DATA_PATHS.delete, { password: 'wrong-password-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDERS_IN_PROGRESS', messageKey: 'apiErrors.ordersInProgress' });
    expect(await db().select().from(attemptCounts).where(eq(attemptCounts.key, 'email:amina@example.com'))).toEqual([]);
    expect((await browser.get('/api/user')).json()).toMatchObject({ user: { email: 'amina@example.com' } });
  });

  it('refuses an admin account before any password is checked', async () => {
    const browser = await signedUp('boss@example.com');
    await db().update(user).set({ isAdmin: true }).where(eq(user.id, browser.id));
    const refused = await browser.post(YOUR_DATA_PATHS.delete, { password: 'wrong-password-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ADMIN_ACCOUNT', messageKey: 'apiErrors.adminAccountDeletion' });
    expect(await db().select().from(attemptCounts).where(eq(attemptCounts.key, 'email:boss@example.com'))).toEqual([]);
  });

  it('lets a Google-only account delete itself within 5 minutes of signing in, and asks it to sign in again after', async () => {
    const browser = testApp.client();
    await signInWithLocalGoogle(testApp.app, browser, 'kofi@example.com');
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, 'kofi@example.com'));
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(session.userId, row!.id));
    const stale = await browser.post(YOUR_DATA_PATHS.delete, {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'FRESH_SIGN_IN_REQUIRED', messageKey: 'apiErrors.freshSignInRequired' });

    await signInWithLocalGoogle(testApp.app, browser, 'kofi@example.com');
    const deleted = await browser.post(YOUR_DATA_PATHS.delete, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    // Google signs the same address up again as a new account.
    await signInWithLocalGoogle(testApp.app, browser, 'kofi@example.com');
    expect((await browser.get('/api/user')).json()).toMatchObject({ user: { email: 'kofi@example.com' } });
  });
});
