import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../shared/api/account';
import { emailOutbox, session, user } from '../db/schema';
import { latestOutboxMessage } from '../mail/mailer';
import { useTestApp } from '../testing/app';
import { signInWithLocalGoogle, TEST_ORIGIN, totpCode } from '../testing/accounts';

const PASSWORD = 'Lagos-to-Accra-2026';
const NEW_PASSWORD = 'Dakar-by-the-Sea-2027';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('sessions and credentials', () => {
  const testApp = useTestApp();

  const client = () => testApp.client();
  async function signedUp(email = 'amina@example.com') {
    const browser = client();
    expect((await browser.signUp(email, PASSWORD)).statusCode).toBe(200);
    return browser;
  }
  /** The notices e-mailed to an address, newest first (the confirmation link sent at sign-up left out). */
  const subjectsTo = async (to: string) =>
    (
      await testApp.database.db
        .select({ subject: emailOutbox.subject })
        .from(emailOutbox)
        .where(eq(emailOutbox.to, to))
        .orderBy(desc(emailOutbox.createdAt))
    )
      .map((row) => row.subject)
      .filter((subject) => subject !== 'Confirm your GlobalTopUp e-mail address');

  it('answers personal data and secrets with Cache-Control: no-store, under every spelling', async () => {
    const browser = await signedUp();
    const enable = await browser.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enable.json().totpURI).toMatch(/^otpauth:/);
    expect(enable.headers['cache-control']).toBe('no-store');
    for (const url of [
      '/api/user',
      '/%61pi/user',
      '/api/user/settings',
      '/api/orders',
      '/api/auth/list-accounts',
      '/api/user/refresh-admin-status',
    ]) {
      const response = await browser.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await browser.signIn('amina@example.com', PASSWORD)).headers['cache-control']).toBe('no-store');
    // The public catalog keeps its own short caching.
    expect((await browser.get('/api/countries')).headers['cache-control']).toBe('public, max-age=5');
  });

  it('ends the other sessions when the password changes, even when asked not to', async () => {
    const changer = await signedUp();
    const other = client();
    expect((await other.signIn('amina@example.com', PASSWORD)).statusCode).toBe(200);
    const changed = await changer.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(changed.statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await changer.get('/api/user')).statusCode).toBe(200);
  });

  it('ends a session 30 days after sign-in however often it is used', async () => {
    const browser = await signedUp();
    const [row] = await testApp.database.db.select().from(session);
    // Used every day since sign-in 30 days ago: the last extension left it valid for another hour.
    await testApp.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 30 * DAY_MS - 60_000), expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(session.id, row!.id));
    await browser.get('/api/user');
    const [after] = await testApp.database.db.select().from(session).where(eq(session.id, row!.id));
    expect(after!.expiresAt.getTime()).toBeLessThanOrEqual(after!.createdAt.getTime() + 30 * DAY_MS);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });

  it('keeps extending a session used within its 30 days, up to that bound', async () => {
    const browser = await signedUp();
    const [row] = await testApp.database.db.select().from(session);
    const createdAt = new Date(Date.now() - 27 * DAY_MS);
    await testApp.database.db
      .update(session)
      .set({ createdAt, expiresAt: new Date(Date.now() + DAY_MS) })
      .where(eq(session.id, row!.id));
    expect((await browser.get('/api/user')).statusCode).toBe(200);
    const [after] = await testApp.database.db.select().from(session).where(eq(session.id, row!.id));
    expect(after!.expiresAt.getTime()).toBe(createdAt.getTime() + 30 * DAY_MS);
  });

  it('e-mails the owner about a password change, two-factor on and off, and a new sign-in method, in their language', async () => {
    const browser = await signedUp();
    await browser.post('/api/user/settings', { language: 'fr' });
    await browser.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    const mail = await latestOutboxMessage(testApp.database.db, 'amina@example.com');
    expect(mail?.subject).toBe('Votre mot de passe GlobalTopUp a été modifié');
    expect(mail?.text).toContain(`${TEST_ORIGIN}/auth`);

    await browser.post('/api/user/settings', { language: 'en' });
    const { totpURI } = (await browser.post('/api/auth/two-factor/enable', { password: NEW_PASSWORD })).json() as { totpURI: string };
    await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    await browser.post('/api/auth/two-factor/disable', { password: NEW_PASSWORD, code: totpCode(totpURI) });
    await testApp.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'amina@example.com'));
    await signInWithLocalGoogle(testApp.app, client(), 'amina@example.com');
    expect(await subjectsTo('amina@example.com')).toEqual([
      'A new way to sign in was added',
      'Two-factor authentication was turned off',
      'Two-factor authentication is on',
      'Votre mot de passe GlobalTopUp a été modifié',
    ]);
  });

  it('sends no notice for a change that was refused', async () => {
    const browser = await signedUp();
    expect(
      (await browser.post('/api/auth/change-password', { currentPassword: 'not-the-password-1', newPassword: NEW_PASSWORD })).statusCode,
    ).not.toBe(200);
    expect(await subjectsTo('amina@example.com')).toEqual([]);
  });

  it.each([
    ['the e-mail address itself', 'amina.yusuf@example.com', PASSWORD_MESSAGES.hasEmail],
    ['the e-mail address inside it', 'x-Amina.Yusuf@Example.com-1', PASSWORD_MESSAGES.hasEmail],
    ['the part before the @', 'amina.yusuf-2026!', PASSWORD_MESSAGES.hasEmail],
    ['the product name', 'GlobalTopUp-2026!', PASSWORD_MESSAGES.hasProductName],
    ['the product name spaced out', 'global top up 2026', PASSWORD_MESSAGES.hasProductName],
    ['one character repeated', 'zzzzzzzzzzzz', PASSWORD_MESSAGES.repeated],
  ])('refuses a password that is %s, at sign-up, change and reset', async (_label, password, message) => {
    const signUp = await client().signUp('amina.yusuf@example.com', password);
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json()).toMatchObject({ success: false, message, field: 'password' });

    const browser = await signedUp('amina.yusuf@example.com');
    const change = await browser.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: password });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(message);

    await client().post('/api/auth/request-password-reset', { email: 'amina.yusuf@example.com' });
    const link = (await latestOutboxMessage(testApp.database.db, 'amina.yusuf@example.com', 'Reset your GlobalTopUp password'))!.text;
    const token = decodeURIComponent(/\/auth\?reset=([^\s"&]+)/.exec(link)![1]!);
    const reset = await client().post('/api/auth/reset-password', { token, newPassword: password });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(message);
    expect((await client().signIn('amina.yusuf@example.com', PASSWORD)).statusCode).toBe(200);
  });
});
