import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { session, user } from '../db/schema';
import { testConfig } from '../testing/app';
import { TEST_ORIGIN } from '../testing/accounts';
import { openTestDatabase, type TestDatabase } from '../testing/databases';

const validMessage = { name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', message: 'My top-up to Lagos has not arrived yet.' };

describe('the client address', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const appWith = async (env: NodeJS.ProcessEnv = {}) => {
    const app = await buildApp({ config: testConfig(env), database });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  beforeEach(() => database.reset());
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  /** Six contact messages, one after another, from one connection address, each claiming a client in X-Forwarded-For. */
  async function sixWithForgedAddresses(app: FastifyInstance, remoteAddress: string, forwardedFor: (index: number) => string) {
    const statuses = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: validMessage,
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor(index) },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('ignores X-Forwarded-For without TRUST_PROXY: a new forged address per request does not reset the limit', async () => {
    const app = await appWith();
    expect(await sixWithForgedAddresses(app, '203.0.113.50', (index) => `192.0.2.${index}`)).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('records the connection address, not a forged one, on the session Better Auth creates', async () => {
    const app = await appWith();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'amina@example.com', password: 'Lagos-to-Accra-2026' },
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.77' },
      remoteAddress: '203.0.113.51',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await database.db.select({ ipAddress: session.ipAddress }).from(session).innerJoin(user, eq(user.id, session.userId));
    expect(row?.ipAddress).toBe('203.0.113.51');
  });

  it('honours X-Forwarded-For from a proxy in TRUST_PROXY, and only from it', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8, 10.255.0.1' });
    // Through the proxy, each client is counted on its own…
    expect(await sixWithForgedAddresses(app, '10.1.2.3', (index) => `192.0.2.${10 + index}`)).toEqual([201, 201, 201, 201, 201, 201]);
    // …and a client that writes its own X-Forwarded-For before the proxy's entry is still the address the proxy saw.
    expect(await sixWithForgedAddresses(app, '10.1.2.3', (index) => `198.51.100.${index}, 192.0.2.99`)).toEqual([201, 201, 201, 201, 201, 429]);
    // Straight to the server, not through the proxy: the header is ignored.
    expect(await sixWithForgedAddresses(app, '203.0.113.52', (index) => `192.0.2.${30 + index}`)).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('with a hop count, takes the address the last proxy saw', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    expect(await sixWithForgedAddresses(app, '10.9.9.9', (index) => `198.51.100.${index}, 192.0.2.120`)).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it.each(['true', '*', '0', 'proxy.internal', '10.0.0.0/33', '10.0.0.1,', '300.1.1.1'])('refuses TRUST_PROXY=%j at start, naming it', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be a number of proxy hops/);
  });

  it('reads TRUST_PROXY as a hop count or a list', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 2001:db8::/32' }).trustProxy).toEqual(['10.0.0.1', '2001:db8::/32']);
  });
});
