import { createHmac } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { resolveAuthSecret } from '../auth/secret';
import { connectPostgres, type DatabaseHandle } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import { testConfig } from '../testing/app';
import { TEST_ORIGIN } from '../testing/accounts';

/**
 * A "PostgreSQL" that accepts connections and cuts each one at once, as a failover or a dropped network does: every
 * query fails on a lost connection.
 */
function cuttingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.destroy();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `postgres://postgres@127.0.0.1:${port}/lost`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** A session cookie as Better Auth signs it (HMAC-SHA256 of the token), so that reading it needs the database. */
function signedSessionCookie(token: string): string {
  const signature = createHmac('sha256', resolveAuthSecret(testConfig())).update(token).digest('base64');
  return `globaltopup.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}
const SESSION = signedSessionCookie('a-session-token-of-32-characters');

describe('a lost database', () => {
  let cutting: Awaited<ReturnType<typeof cuttingServer>>;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    cutting = await cuttingServer();
    database = connectPostgres(cutting.url);
    app = await buildApp({ config: testConfig({ DATABASE_URL: cutting.url }), database, reconciler: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await cutting.close();
  });

  it.each([
    ['GET', '/api/countries', undefined, undefined],
    ['POST', '/api/contact', { name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', message: 'Where is my top-up?' }, undefined],
    ['GET', '/api/user', undefined, SESSION],
    ['POST', '/api/reloadly/topup', { paymentIntentId: 'pi_123' }, SESSION],
    ['POST', '/api/auth/sign-in/email', { email: 'amina@example.com', password: 'Lagos-to-Accra-2026' }, undefined],
    ['POST', '/api/auth/sign-up/email', { email: 'amina@example.com', password: 'Lagos-to-Accra-2026' }, undefined],
    ['GET', '/api/auth/get-session', undefined, SESSION],
  ])('answers %s %s with 503, Retry-After and a code the browser knows, not a 500', async (method, url, payload, cookie) => {
    const response = await app.inject({
      method: method as 'GET' | 'POST',
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Please try again in a moment.',
      messageKey: 'apiErrors.serviceUnavailable',
    });
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a cut connection inside the query error', new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') })],
    ['a server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a connection exception', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
  ])('counts %s as the database being unavailable', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a bug', new TypeError('Cannot read properties of undefined')],
  ])('does not count %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
