import { randomUUID } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Country } from '../../shared/api/catalog';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { accountClient } from '../testing/accounts';
import { signedInAdmin, TEST_PASSWORD } from '../testing/admins';
import { testConfig } from '../testing/app';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { createChangeBus } from './changes';
import { openSharedState } from './index';

/**
 * The Redis the tests that need one run on: TEST_REDIS_URL, set like TEST_DATABASE_URL (.ci/run sets both). Without it
 * those tests are not run, as the PostgreSQL tests are not without TEST_DATABASE_URL.
 */
const TEST_REDIS_URLS = process.env.TEST_REDIS_URL ? [process.env.TEST_REDIS_URL] : [];

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('REDIS_URL', () => {
  it.each(['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://', 'redis:/host', 'not a url'])('refuses %j at start, naming it', (value) => {
    expect(() => loadConfig({ REDIS_URL: value })).toThrow(ConfigError);
    // The URL may carry a password: it is not repeated.
    expect(() => loadConfig({ REDIS_URL: value })).toThrow('REDIS_URL must be a redis:// or rediss:// URL (value not shown)');
  });

  it('takes redis:// and rediss:// URLs, and leaves Redis out when unset', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://user:secret@cache.internal:6380/2' }).redisUrl).toBe('rediss://user:secret@cache.internal:6380/2');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'a b' })).toThrow(/^REDIS_KEY_PREFIX must be/);
  });
});

describe('the change channel without Redis', () => {
  it('drops this server’s copies at once: with one instance, announcing is dropping', async () => {
    const bus = createChangeBus(undefined, quiet);
    const dropped: string[] = [];
    bus.on('catalogue', () => dropped.push('catalogue'));
    bus.on('service-limits', () => dropped.push('limits'));
    bus.announce('service-limits');
    expect(dropped).toEqual(['limits']);
    await bus.close();
  });
});

describe('readiness', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 200 when the database answers with every migration applied, and the liveness check stays as it was', async () => {
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { server: 'ok', database: 'ok', migrations: 'ok' } });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'pglite' });
  });

  it('answers 503 on a database that lacks a migration of this build', async () => {
    const fresh = await buildApp({ config: testConfig(), database, reconciler: false });
    const [newest] = (
      (await database.db.execute(sql`select * from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
        rows: Array<{ id: number; hash: string; created_at: string }>;
      }
    ).rows;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const ready = await fresh.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', checks: { migrations: 'pending' } });
    } finally {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
      await fresh.close();
    }
  });
});

/** Log lines of one app, read back by the tests. */
function logLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** A TCP relay in front of Redis that a test can take away and bring back on the same port: an outage. */
async function redisRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server!.close(resolve));
    },
    start: listen,
  };
}

describe.each(TEST_REDIS_URLS)('two instances on one database and the Redis at %s', (TEST_REDIS_URL) => {
  let database: TestDatabase;
  let redis: Redis;
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  const apps: FastifyInstance[] = [];
  const logs: Array<ReturnType<typeof logLines>> = [];
  let prefix: string;

  /** Two servers as two instances would run them: one database, one Redis, one key prefix. */
  async function twoInstances(redisUrl = TEST_REDIS_URL) {
    prefix = `test-${randomUUID()}:`;
    for (let index = 0; index < 2; index++) {
      const log = logLines();
      logs.push(log);
      apps.push(
        await buildApp({
          config: testConfig({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'info' }),
          database,
          reconciler: false,
          logStream: log.stream,
        }),
      );
    }
    return apps as [FastifyInstance, FastifyInstance];
  }

  /** One browser whose calls go to the instance `to` names, as a load balancer would send them. */
  function browserOnBoth(address: string) {
    let target = apps[0]!;
    const browser = accountClient(() => target, address);
    return Object.assign(browser, {
      on(index: 0 | 1) {
        target = apps[index]!;
        return browser;
      },
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    redis = new Redis(TEST_REDIS_URL);
    relay = await redisRelay(new URL(TEST_REDIS_URL));
  });
  beforeEach(() => database.reset());
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    logs.splice(0);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
  afterAll(async () => {
    await relay?.stop();
    await redis?.quit();
    await database?.close();
  });

  it('counts a route’s rate limit once across both', async () => {
    const [first, second] = await twoInstances();
    const confirm = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/sandbox-payments/pi_unknown/confirm', payload: {}, remoteAddress: '198.51.100.7' });
    // The sandbox confirm allows 60 a minute per address: 30 on each instance are within it, one more is not.
    for (let index = 0; index < 60; index++) expect((await confirm(index % 2 ? second : first)).statusCode).not.toBe(429);
    expect((await confirm(first)).statusCode).toBe(429);
    expect((await confirm(second)).statusCode).toBe(429);
  });

  it('reads a session opened on one instance on the other, and a sign-out on either ends it on both at once', async () => {
    await twoInstances();
    const browser = browserOnBoth('198.51.100.8');
    expect((await browser.on(0).signUp('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await browser.on(1).get('/api/user')).statusCode).toBe(200);
    // The session was read from its copy in Redis.
    expect((await redis.keys(`${prefix}auth:*`)).length).toBeGreaterThan(0);
    const cookies = browser.cookies;
    expect(cookies).toContain('session_token=');
    expect((await browser.on(1).post('/api/logout')).statusCode).toBe(200);
    // The same cookie, as a stolen copy of it would be sent, on the other instance.
    const replay = await apps[0]!.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookies } });
    expect(replay.statusCode).toBe(401);
  });

  it('ends every session of an account an admin blocks on one instance, on the other at once, and reads admin rights fresh', async () => {
    const [first, second] = await twoInstances();
    const admin = await signedInAdmin(first, database.db, 'boss@example.com');
    const customer = browserOnBoth('198.51.100.9');
    expect((await customer.on(1).signUp('kofi@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    const { id } = (await customer.on(1).get('/api/user')).json().user as { id: string };
    // Admin rights granted on one instance open the console to the customer on the other (after the usual checks).
    expect((await admin.post(`/api/admin/customers/${id}/admin`, { reason: 'new team member', isAdmin: true })).statusCode).toBe(200);
    expect((await customer.on(1).get('/api/admin/users')).json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

    expect((await admin.post(`/api/admin/customers/${id}/admin`, { reason: 'left the team', isAdmin: false })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/customers/${id}/block`, { reason: 'chargebacks' })).statusCode).toBe(200);
    expect((await customer.on(1).get('/api/user')).statusCode).toBe(401);
    expect((await customer.on(0).get('/api/user')).statusCode).toBe(401);
    expect(second).toBeDefined();
  });

  it('ends every session of an account deleted on one instance, its copies in Redis too', async () => {
    await twoInstances();
    const browser = browserOnBoth('198.51.100.11');
    expect((await browser.on(0).signUp('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    const other = browserOnBoth('198.51.100.12');
    expect((await other.on(1).signIn('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await other.on(0).get('/api/user')).statusCode).toBe(200);
    const copies = () => redis.keys(`${prefix}auth:active-sessions-*`);
    expect(await copies()).toHaveLength(1);
    expect((await browser.on(1).post('/api/user/delete', { password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await copies()).toEqual([]);
    expect((await other.on(0).get('/api/user')).statusCode).toBe(401);
    expect((await other.on(1).get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a session deleted in the database by hand once its copy in Redis has lived its bound', async () => {
    prefix = `test-${randomUUID()}:`;
    const config = testConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    // The bound as a test can wait for it (a minute in production: SESSION_COPY_MAX_AGE_MS).
    const shared = openSharedState(config, quiet, { sessionCopyMaxAgeMs: 300 });
    try {
      const app = await buildApp({ config, database, reconciler: false, sharedState: shared });
      apps.push(app);
      const browser = accountClient(() => app, '198.51.100.13');
      expect((await browser.signUp('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);
      expect((await browser.get('/api/user')).statusCode).toBe(200);
      const [copy] = await redis.keys(`${prefix}auth:*`).then((keys) => keys.filter((name) => !name.includes('sessions-')));
      expect(copy).toBeDefined();
      expect(await redis.pttl(copy!)).toBeLessThanOrEqual(300);
      // An incident's script deletes the session row, telling nobody.
      await database.db.execute(sql`delete from "session"`);
      await expect.poll(async () => (await browser.get('/api/user')).statusCode, { interval: 50, timeout: 3_000 }).toBe(401);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await shared.close();
    }
  });

  it('uses a country switched off on one instance on the other at once, without waiting for its copy to expire', async () => {
    const [first, second] = await twoInstances();
    const admin = await signedInAdmin(first, database.db, 'boss@example.com');
    const country = async (app: FastifyInstance, iso: string) =>
      ((await app.inject({ method: 'GET', url: '/api/countries' })).json() as Country[]).find((candidate) => candidate.iso_name === iso);
    // The second instance has just read the list: its copy is fresh for another 2 s.
    expect(await country(second, 'NG')).toMatchObject({ enabled: true });
    expect((await admin.post('/api/admin/catalogue/countries/NG/disable', { reason: 'provider outage' })).statusCode).toBe(200);
    await expect.poll(() => country(second, 'NG'), { interval: 20, timeout: 1_000 }).toMatchObject({ enabled: false });
  });

  it('goes on without Redis when it goes away, logging it once, and drops what it may have missed when it comes back', async () => {
    await twoInstances(relay.url);
    const browser = browserOnBoth('198.51.100.10');
    expect((await browser.on(0).signUp('amina@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await browser.on(1).get('/api/user')).statusCode).toBe(200);
    const cookies = browser.cookies;
    expect(cookies).toContain('session_token=');

    await relay.stop();
    // Sessions are read from the database, limits counted per instance: customers see no error.
    for (let index = 0; index < 5; index++) expect((await browser.on((index % 2) as 0 | 1).get('/api/user')).statusCode).toBe(200);
    const confirm = await apps[0]!.inject({ method: 'POST', url: '/api/sandbox-payments/pi_unknown/confirm', payload: {} });
    expect(confirm.statusCode).toBe(400);
    const ready = await apps[1]!.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { redis: 'failing' } });
    // Signed out while Redis cannot hear of it: its copy of the session there is now out of date.
    expect((await browser.on(0).post('/api/logout')).statusCode).toBe(200);
    for (const { lines } of logs) expect(lines.filter((line) => line.includes('Redis cannot be reached'))).toHaveLength(1);

    await relay.start();
    for (const app of apps) {
      await expect
        .poll(async () => (await app.inject({ method: 'GET', url: '/api/ready' })).statusCode, { interval: 100, timeout: 10_000 })
        .toBe(200);
    }
    for (const app of apps) expect((await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: cookies } })).statusCode).toBe(401);
    for (const { lines } of logs) expect(lines.filter((line) => line.includes('Redis answers again'))).toHaveLength(1);
  });
});
