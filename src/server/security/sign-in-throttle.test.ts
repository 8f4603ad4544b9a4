import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../testing/app';
import { accountClient, TEST_ORIGIN, totpCode } from '../testing/accounts';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';

const PASSWORD = 'Lagos-to-Accra-2026';
const wrongTotpCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

/** Answers that show the password (or code) was actually checked, as opposed to refused before checking. */
const checked = (responses: LightMyRequestResponse[], status: number) => responses.filter((response) => response.statusCode === status).length;

describe.each(TEST_DATABASE_KINDS)('the sign-in throttle against an attacker, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database });
  });
  beforeEach(() => database.reset());
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const signIn = (body: string, contentType: string, remoteAddress = freshAddress()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: body,
      headers: { origin: TEST_ORIGIN, 'content-type': contentType },
      remoteAddress,
    });

  async function fiveWrongPasswords(email: string) {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await signIn(JSON.stringify({ email, password: `wrong-password-${attempt}` }), 'application/json');
      expect(wrong.statusCode).toBe(401);
    }
  }

  it('refuses the right password sent form-encoded once the e-mail has 5 failures', async () => {
    await accountClient(app, freshAddress()).signUp('amina@example.com', PASSWORD);
    await fiveWrongPasswords('amina@example.com');
    const form = new URLSearchParams({ email: 'Amina@Example.com', password: PASSWORD }).toString();
    const response = await signIn(form, 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(429);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses the right password sent as JSON behind a byte-order mark once the e-mail has 5 failures', async () => {
    await accountClient(app, freshAddress()).signUp('amina@example.com', PASSWORD);
    await fiveWrongPasswords('amina@example.com');
    const response = await signIn(`\uFEFF${JSON.stringify({ email: 'amina@example.com', password: PASSWORD })}`, 'application/json');
    expect(response.statusCode).toBe(429);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('checks at most 5 of 100 wrong passwords sent at once, from 100 addresses and in mixed spellings', async () => {
    await accountClient(app, freshAddress()).signUp('amina@example.com', PASSWORD);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => {
        const email = index % 2 ? 'AMINA@example.com' : 'amina@example.com';
        const password = `wrong-password-${index}`;
        return index % 3
          ? signIn(JSON.stringify({ email, password }), 'application/json', `203.0.113.${index}`)
          : signIn(new URLSearchParams({ email, password }).toString(), 'application/x-www-form-urlencoded', `203.0.113.${index}`);
      }),
    );
    expect(checked(responses, 401)).toBeLessThanOrEqual(5);
    expect(checked(responses, 429)).toBeGreaterThanOrEqual(95);
    expect(responses.find((response) => response.statusCode === 429)!.headers['retry-after']).toMatch(/^\d+$/);
    expect((await signIn(JSON.stringify({ email: 'amina@example.com', password: PASSWORD }), 'application/json')).statusCode).toBe(429);
  });

  describe('two-factor codes', () => {
    /** A user with two-factor on, and `count` browsers that have passed the password step and wait for the code. */
    async function challengedBrowsers(count: number) {
      const owner = accountClient(app, freshAddress());
      await owner.signUp('amina@example.com', PASSWORD);
      const { totpURI, backupCodes } = (await owner.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as {
        totpURI: string;
        backupCodes: string[];
      };
      expect((await owner.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
      const browsers = [];
      for (let index = 0; index < count; index += 1) {
        const browser = accountClient(app, freshAddress());
        expect((await browser.signIn('amina@example.com', PASSWORD)).json()).toMatchObject({ twoFactorRedirect: true });
        browsers.push(browser);
      }
      return { browsers, totpURI, backupCodes };
    }

    it('checks at most 5 of 100 wrong codes sent at once through 20 pending sign-ins, then refuses the right one', async () => {
      const { browsers, totpURI } = await challengedBrowsers(20);
      const wrong = wrongTotpCode(totpCode(totpURI));
      const responses = await Promise.all(
        browsers.flatMap((browser) => Array.from({ length: 5 }, () => browser.post('/api/auth/two-factor/verify-totp', { code: wrong }))),
      );
      const invalidCode = responses.filter((response) => response.statusCode === 401 && response.json().message === 'Invalid code');
      expect(invalidCode.length).toBeLessThanOrEqual(5);
      expect(checked(responses, 429)).toBeGreaterThan(0);
      const fresh = accountClient(app, freshAddress());
      await fresh.signIn('amina@example.com', PASSWORD);
      expect((await fresh.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(429);
    });

    it('counts backup codes in the same bound as authenticator codes', async () => {
      const { browsers, totpURI, backupCodes } = await challengedBrowsers(5);
      for (const browser of browsers) {
        expect((await browser.post('/api/auth/two-factor/verify-totp', { code: wrongTotpCode(totpCode(totpURI)) })).statusCode).toBe(401);
      }
      const fresh = accountClient(app, freshAddress());
      await fresh.signIn('amina@example.com', PASSWORD);
      const refused = await fresh.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] });
      expect(refused.statusCode).toBe(429);
      expect((await fresh.get('/api/user')).statusCode).toBe(401);
    });
  });
});
