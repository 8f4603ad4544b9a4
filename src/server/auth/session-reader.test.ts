import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { session } from '../db/schema';
import { databaseQueries } from '../metrics/registry';
import { accountClient, TEST_ORIGIN } from '../testing/accounts';
import { testConfig } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { createMailer } from '../mail/mailer';
import { AUTH_COOKIE_PREFIX, createAuth, type Auth } from './auth';
import { cookieValue, createSessionReader, verifiedToken } from './session-reader';

const SECRET = 'a-test-secret-of-more-than-thirty-two-characters';
const sign = (token: string, secret = SECRET) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;
const PASSWORD = 'Lagos-to-Accra-2026';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('a signed session cookie', () => {
  it('gives its token only when signed with the secret', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123');
    expect(verifiedToken(sign('abc123', 'another-secret-of-more-than-thirty-two-chars'), SECRET)).toBeNull();
    expect(verifiedToken(sign('abc123').replace('abc123', 'abc124'), SECRET)).toBeNull();
    expect(verifiedToken(`${sign('abc123').slice(0, -2)}A=`, SECRET)).toBeNull();
    expect(verifiedToken(sign('abc123').slice(0, -1), SECRET)).toBeNull();
    expect(verifiedToken('abc123', SECRET)).toBeNull();
    expect(verifiedToken(sign(''), SECRET)).toBeNull();
    expect(verifiedToken(`abc123.${'A'.repeat(43)}=`, SECRET)).toBeNull();
  });

  it('is read from the Cookie header as Better Auth reads it: the first of a name, decoded, unquoted', () => {
    expect(cookieValue('a=1; b=2', 'b')).toBe('2');
    expect(cookieValue('b=first; b=second', 'b')).toBe('first');
    expect(cookieValue('x=1;b=a%2Bb%3D', 'b')).toBe('a+b=');
    expect(cookieValue('b="quoted"', 'b')).toBe('quoted');
    expect(cookieValue('b=%E0%A4%A', 'b')).toBe('%E0%A4%A');
    expect(cookieValue('B=1; bb=2; b =3', 'b')).toBe('3');
    expect(cookieValue('junk; b=4', 'b')).toBe('4');
    expect(cookieValue('a=1', 'b')).toBeUndefined();
  });
});

/** The statements sent to PostgreSQL so far (db_queries_total); PGlite sends none. */
const statementsSent = async () => (await databaseQueries.get()).values[0]?.value ?? 0;

/** An app signing sessions with SECRET on a test database of this kind, a sign-up, and a signed-in call with a given Cookie header. */
function sessionTestApp(kind: (typeof TEST_DATABASE_KINDS)[number]) {
  const handles = {} as { database: TestDatabase; app: FastifyInstance; auth: Auth };
  beforeAll(async () => {
    handles.database = await openTestDatabase(kind);
    const config = testConfig({ BETTER_AUTH_SECRET: SECRET });
    const { db } = handles.database;
    handles.auth = createAuth({ config, db, mailer: createMailer(config, db) });
    handles.app = await buildApp({ config, database: handles.database, auth: handles.auth, reconciler: false, receiptSender: false });
  });
  beforeEach(() => handles.database.reset());
  afterAll(async () => {
    await handles.app.close();
    await handles.database.close();
  });
  return {
    get database() {
      return handles.database;
    },
    /** A reader on the app's own Better Auth and database. */
    reader: () => createSessionReader(handles.auth, handles.database.db),
    async signedUp() {
      const browser = accountClient(handles.app, '198.51.100.31');
      expect((await browser.signUp(`${randomUUID()}@example.com`, PASSWORD)).statusCode).toBe(200);
      const signed = cookieValue(browser.cookies, SESSION_COOKIE)!;
      return { browser, signed, token: signed.slice(0, signed.lastIndexOf('.')) };
    },
    getUser: (cookie: string) => handles.app.inject({ method: 'GET', url: '/api/user', headers: { origin: TEST_ORIGIN, cookie } }),
  };
}

describe.each(TEST_DATABASE_KINDS)('the session of a signed-in request on %s', (kind) => {
  const testApp = sessionTestApp(kind);
  const { signedUp, getUser } = testApp;

  it('is read in one query when usual, and left to Better Auth when not found, expired, due for its refresh or not to be remembered', async () => {
    const readSession = testApp.reader();
    const { browser, signed, token } = await signedUp();
    const cookie = `${SESSION_COOKIE}=${signed}`;
    expect(await readSession(cookie)).toMatchObject({ user: { email: expect.stringMatching(/@example\.com$/) }, twoFactorVerifiedAt: null });
    expect(await readSession(browser.cookies)).toMatchObject({ twoFactorVerifiedAt: null });
    // What Better Auth answers with no session without a query: no such cookie, or one not signed with the secret.
    expect(await readSession('other=1')).toBeNull();
    expect(await readSession(`${SESSION_COOKIE}=${token}.${'A'.repeat(43)}=`)).toBeNull();
    expect(await readSession(`${cookie}; ${AUTH_COOKIE_PREFIX}.dont_remember=${encodeURIComponent(sign('true'))}`)).toBeUndefined();
    const expiresIn = async (ms: number) => {
      await testApp.database.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() + ms) })
        .where(eq(session.token, token));
      return readSession(cookie);
    };
    expect(await expiresIn(6.5 * DAY_MS)).toMatchObject({ twoFactorVerifiedAt: null });
    expect(await expiresIn(5.5 * DAY_MS)).toBeUndefined();
    expect(await expiresIn(-1000)).toBeUndefined();
    await testApp.database.db.delete(session).where(eq(session.token, token));
    expect(await readSession(cookie)).toBeUndefined();
  });

  it('is accepted under the spellings of its value Better Auth accepts, and no other cookie name', async () => {
    const { signed } = await signedUp();
    expect((await getUser(`${SESSION_COOKIE}=${signed}`)).statusCode).toBe(200);
    expect((await getUser(`${SESSION_COOKIE}=${encodeURIComponent(signed)}`)).statusCode).toBe(200);
    expect((await getUser(`other=1; ${SESSION_COOKIE}="${signed}"`)).statusCode).toBe(200);
    expect((await getUser(`${SESSION_COOKIE.toUpperCase()}=${signed}`)).statusCode).toBe(401);
    expect((await getUser(`__Secure-${SESSION_COOKIE}=${signed}`)).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret, a changed token, and a forged cookie put before the real one', async () => {
    const { signed, token } = await signedUp();
    expect((await getUser(`${SESSION_COOKIE}=${sign(token, 'not-the-server-secret-but-long-enough')}`)).statusCode).toBe(401);
    expect((await getUser(`${SESSION_COOKIE}=${signed.replace(token, `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`)}`)).statusCode).toBe(
      401,
    );
    expect((await getUser(`${SESSION_COOKIE}=${token}.forged; ${SESSION_COOKIE}=${signed}`)).statusCode).toBe(401);
  });

  it('ends at once on sign-out, and an expired session is refused and deleted', async () => {
    const first = await signedUp();
    expect((await first.browser.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await getUser(`${SESSION_COOKIE}=${first.signed}`)).statusCode).toBe(401);

    const second = await signedUp();
    await testApp.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, second.token));
    expect((await getUser(`${SESSION_COOKIE}=${second.signed}`)).statusCode).toBe(401);
    expect(await testApp.database.db.select().from(session).where(eq(session.token, second.token))).toEqual([]);
  });

  it('is extended once a day of use, and one that asked not to be remembered still reads', async () => {
    const { browser, signed, token } = await signedUp();
    const expiresAt = new Date(Date.now() + 5 * DAY_MS);
    await testApp.database.db.update(session).set({ expiresAt }).where(eq(session.token, token));
    expect((await getUser(`${SESSION_COOKIE}=${signed}`)).statusCode).toBe(200);
    const [extended] = await testApp.database.db.select().from(session).where(eq(session.token, token));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime());

    const forgetful = `${AUTH_COOKIE_PREFIX}.dont_remember=${encodeURIComponent(sign('true'))}`;
    expect((await getUser(`${browser.cookies}; ${forgetful}`)).statusCode).toBe(200);
  });
});

// Only PostgreSQL has round trips to count (db_queries_total); PGlite runs in the process.
describe.each(TEST_DATABASE_KINDS.filter((kind) => kind === 'postgres'))('the session read’s statements on %s', (kind) => {
  const { signedUp, getUser } = sessionTestApp(kind);

  it('costs one statement, and a cookie with a wrong signature none', async () => {
    const { signed, token } = await signedUp();
    await getUser(`${SESSION_COOKIE}=${signed}`);
    let before = await statementsSent();
    expect((await getUser(`${SESSION_COOKIE}=${signed}`)).statusCode).toBe(200);
    expect((await statementsSent()) - before).toBe(1);
    before = await statementsSent();
    expect((await getUser(`${SESSION_COOKIE}=${token}.${'A'.repeat(43)}=`)).statusCode).toBe(401);
    expect((await statementsSent()) - before).toBe(0);
  });
});
