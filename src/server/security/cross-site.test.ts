import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { useTestApp } from '../testing/app';
import { accountClient } from '../testing/accounts';

/** Other spellings of API paths that the router decodes to the same route. */
const ENCODED_SPELLINGS = [
  '/%61pi/user/settings',
  '/%61pi/logout',
  '/%61pi/create-payment-intent',
  '/%61%70%69/user/settings',
  '/api/user/%73ettings',
  '/api/%6Cogout',
  '/%61pi/auth/sign-out',
  '/api/%61uth/sign-out',
];

describe('the cross-site refusal', () => {
  const testApp = useTestApp();

  it.each(ENCODED_SPELLINGS)('refuses %s from another site, and the call does not run', async (url) => {
    const victim = accountClient(testApp.app, '203.0.113.70');
    await victim.signUp('amina@example.com', 'Lagos-to-Accra-2026');
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
      const response = await testApp.app.inject({ method: 'POST', url, payload: { theme: 'dark' }, headers: { ...headers, cookie: victim.cookies } });
      expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      expect(response.json()).toEqual({ success: false, message: 'Cross-site request refused', code: 'CROSS_SITE' });
    }
    expect((await victim.get('/api/user')).statusCode).toBe(200);
    const [row] = await testApp.database.db.select({ theme: user.theme }).from(user).where(eq(user.email, 'amina@example.com'));
    expect(row?.theme).toBe('system');
  });

  it('still lets the same origin use an encoded spelling', async () => {
    const browser = accountClient(testApp.app, '203.0.113.71');
    await browser.signUp('amina@example.com', 'Lagos-to-Accra-2026');
    expect((await browser.post('/%61pi/user/settings', { theme: 'dark' })).statusCode).toBe(200);
  });
});
