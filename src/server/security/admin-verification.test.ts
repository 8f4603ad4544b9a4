import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { user } from '../db/schema';
import { latestOutboxMessage } from '../mail/mailer';
import { testConfig, useTestApp } from '../testing/app';
import { confirmEmailFromOutbox, signInWithLocalGoogle, TEST_ORIGIN, totpCode } from '../testing/accounts';

const PASSWORD = 'Lagos-to-Accra-2026';

describe('admin rights only for a proven owner of the address', () => {
  const testApp = useTestApp({ ADMIN_EMAILS: 'boss@example.com' });

  const isAdmin = async (email = 'boss@example.com') => (await testApp.database.db.select().from(user).where(eq(user.email, email)))[0]?.isAdmin;

  /** Whoever registers boss@example.com first, and turns two-factor on in that session. */
  async function registerWithTwoFactor(extra: Record<string, unknown> = {}) {
    const browser = testApp.client();
    expect((await browser.signUp('boss@example.com', PASSWORD, extra)).statusCode).toBe(200);
    const { totpURI } = (await browser.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as { totpURI: string };
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    return browser;
  }

  it('gives an ADMIN_EMAILS address that is not verified no admin API, two-factor or not', async () => {
    const squatter = await registerWithTwoFactor();
    expect(await isAdmin()).toBe(false);
    expect((await squatter.get('/api/user')).json()).toMatchObject({ user: { is_admin: false } });
    const refused = await squatter.get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('@example.com');
  });

  it('e-mails a confirmation link in the account language, and makes the listed address an admin once it is opened', async () => {
    const owner = await registerWithTwoFactor({ language: 'es' });
    const mail = await latestOutboxMessage(testApp.database.db, 'boss@example.com', 'Confirma tu dirección de correo de GlobalTopUp');
    expect(mail?.text).toContain(`${TEST_ORIGIN}/api/auth/verify-email?token=`);
    const opened = await confirmEmailFromOutbox(testApp.app, testApp.database.db, 'boss@example.com');
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${TEST_ORIGIN}/profile`);
    expect(await isAdmin()).toBe(true);
    expect((await owner.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('does not promote an unverified ADMIN_EMAILS account when the server starts', async () => {
    await testApp.client().signUp('boss@example.com', PASSWORD);
    const restarted = await buildApp({ config: testConfig({ ADMIN_EMAILS: 'boss@example.com' }), database: testApp.database });
    await restarted.close();
    expect(await isAdmin()).toBe(false);
  });

  it('keeps the admin API refused to an admin whose address was never confirmed', async () => {
    const browser = await registerWithTwoFactor();
    await testApp.database.db.update(user).set({ isAdmin: true }).where(eq(user.email, 'boss@example.com'));
    const refused = await browser.get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('makes an address Google has verified an admin at sign-up', async () => {
    await signInWithLocalGoogle(testApp.app, testApp.client(), 'boss@example.com');
    expect(await isAdmin()).toBe(true);
  });

  it('refuses a confirmation link that was tampered with', async () => {
    await testApp.client().signUp('boss@example.com', PASSWORD);
    const forged = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImJvc3NAZXhhbXBsZS5jb20ifQ.x',
    });
    expect(forged.statusCode).not.toBe(200);
    expect(await isAdmin()).toBe(false);
    expect((await testApp.database.db.select().from(user).where(eq(user.email, 'boss@example.com')))[0]?.emailVerified).toBe(false);
  });
});
