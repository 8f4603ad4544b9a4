import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoFactor, user } from '../db/schema';
import { useTestApp } from '../testing/app';
import { signInWithLocalGoogle, totpCode } from '../testing/accounts';

const PASSWORD = 'Lagos-to-Accra-2026';

describe('two factors everywhere', () => {
  const testApp = useTestApp();

  const client = () => testApp.client();
  const makeAdmin = (email: string) => testApp.database.db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, email));

  /** A signed-in user who turned two-factor on in this browser. */
  async function withTwoFactor(email = 'amina@example.com', browser = client()) {
    if ((await browser.get('/api/user')).statusCode !== 200) expect((await browser.signUp(email, PASSWORD)).statusCode).toBe(200);
    const { totpURI, backupCodes } = (await browser.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as {
      totpURI: string;
      backupCodes: string[];
    };
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    return { browser, totpURI, backupCodes };
  }

  it('refuses to read the authenticator secret with the session and password alone', async () => {
    const { browser, totpURI } = await withTwoFactor();
    for (const body of [{ password: PASSWORD }, { password: PASSWORD, code: '000000' }]) {
      const refused = await browser.post('/api/auth/two-factor/get-totp-uri', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'INVALID_CODE' });
      expect(refused.body).not.toContain('otpauth');
    }
    const allowed = await browser.post('/api/auth/two-factor/get-totp-uri', { password: PASSWORD, code: totpCode(totpURI) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().totpURI).toBe(totpURI);
  });

  it('refuses to mint new backup codes with the session and password alone', async () => {
    const { browser, totpURI } = await withTwoFactor();
    const stored = async () => (await testApp.database.db.select({ codes: twoFactor.backupCodes }).from(twoFactor))[0]!.codes;
    const before = await stored();
    const refused = await browser.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CODE' });
    expect(refused.json().backupCodes).toBeUndefined();
    expect(await stored()).toBe(before);
    const allowed = await browser.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD, code: totpCode(totpURI) });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().backupCodes).toHaveLength(10);
  });

  it('asks a two-factor user for the code after Google sign-in too, and opens the session only with it', async () => {
    const { totpURI } = await withTwoFactor('zainab@example.com');
    // Google links to an existing account only when its address is verified.
    await testApp.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'zainab@example.com'));
    const browser = client();
    const callback = await signInWithLocalGoogle(testApp.app, browser, 'zainab@example.com');
    expect(callback.statusCode).toBe(302);
    const back = new URL(callback.headers.location as string);
    expect(back.pathname).toBe('/auth');
    expect(back.searchParams.get('post-auth')).toBe('google');
    expect(back.searchParams.get('two-factor')).toBe('required');
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/get-session')).json()).toBeNull();
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    expect((await browser.get('/api/user')).json()).toMatchObject({ user: { email: 'zainab@example.com' } });
  });

  it('keeps an admin who signed in with Google out of the admin API until the code is given', async () => {
    const { totpURI } = await withTwoFactor('boss@example.com');
    await makeAdmin('boss@example.com');
    const browser = client();
    await signInWithLocalGoogle(testApp.app, browser, 'boss@example.com');
    expect((await browser.get('/api/admin/users')).statusCode).not.toBe(200);
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    expect((await browser.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('refuses the admin API to a session that did not pass the second factor itself', async () => {
    const older = client();
    await older.signUp('boss@example.com', PASSWORD);
    const other = client();
    expect((await other.signIn('boss@example.com', PASSWORD)).statusCode).toBe(200);
    const { browser, totpURI } = await withTwoFactor('boss@example.com', older);
    await makeAdmin('boss@example.com');
    expect((await browser.get('/api/admin/users')).statusCode).toBe(200);
    // Signed in with the password alone before two-factor was turned on.
    const refused = await other.get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'SECOND_FACTOR_REQUIRED' });
    expect((await other.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    expect((await other.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('never lets an admin skip the code on a trusted device', async () => {
    const { totpURI } = await withTwoFactor('boss@example.com');
    await makeAdmin('boss@example.com');
    const browser = client();
    expect((await browser.signIn('boss@example.com', PASSWORD)).json()).toMatchObject({ twoFactorRedirect: true });
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI), trustDevice: true })).statusCode).toBe(200);
    await browser.post('/api/logout');
    expect((await browser.signIn('boss@example.com', PASSWORD)).json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('forgets a device an admin trusted before becoming one', async () => {
    const { totpURI } = await withTwoFactor('boss@example.com');
    const browser = client();
    await browser.signIn('boss@example.com', PASSWORD);
    await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI), trustDevice: true });
    await browser.post('/api/logout');
    expect((await browser.signIn('boss@example.com', PASSWORD)).json()).not.toHaveProperty('twoFactorRedirect');
    await browser.post('/api/logout');
    await makeAdmin('boss@example.com');
    expect((await browser.signIn('boss@example.com', PASSWORD)).json()).toMatchObject({ twoFactorRedirect: true });
  });
});
