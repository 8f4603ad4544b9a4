import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { priceConfig } from './db/schema';
import { rowsOf } from './db/raw-rows';
import { migrationsDir } from './paths';
import { startServer, type RunningServer } from './start';
import { testConfig } from './testing/app';
import { TEST_DATABASE_KINDS } from './testing/databases';
import { administer, postgresCopyName, urlOfDatabase } from './testing/postgres-admin';

/** A port nothing listens on now: taken from the system, then let go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Forwards every connection on `port` to PostgreSQL: the database "comes back" when this starts listening. */
async function proxyTo(target: URL, port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const database = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, database]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        database.destroy();
      });
    }
    client.pipe(database).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function get(url: string): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
}

const adminUrl = process.env.TEST_DATABASE_URL;

describe.each(TEST_DATABASE_KINDS.filter((kind) => kind === 'postgres'))('a server started while %s is away', () => {
  it('answers 503 while it waits, then migrates and seeds once and becomes ready when the database returns', { timeout: 60_000 }, async () => {
    // Named as a copy of the tests' template, so that the end of the run drops it whatever happens here.
    const name = postgresCopyName(inject('postgresTemplate'), `start_${randomBytes(3).toString('hex')}`);
    await administer(adminUrl!, `CREATE DATABASE ${name}`);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-data-'));
    const databasePort = await freePort();
    const behindProxy = new URL(urlOfDatabase(adminUrl!, name));
    const target = new URL(behindProxy);
    behindProxy.hostname = '127.0.0.1';
    behindProxy.port = String(databasePort);
    const ports = [await freePort(), await freePort()];
    const starting = ports.map((port) =>
      startServer(
        testConfig({
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: behindProxy.toString(),
          DATABASE_START_TIMEOUT_S: '40',
          BETTER_AUTH_SECRET: 'a-secret-of-at-least-32-characters!!',
        }),
      ),
    );
    // Both listen while the database is away, and answer that they cannot serve yet.
    const settled: RunningServer[] = [];
    const started = Promise.allSettled(starting).then((results) => {
      for (const result of results) if (result.status === 'fulfilled') settled.push(result.value);
      return results;
    });
    let proxy: { close(): Promise<void> } | undefined;
    try {
      for (const port of ports) {
        const base = `http://127.0.0.1:${port}`;
        await expect
          .poll(() => get(`${base}/api/ready`).catch(() => undefined), { interval: 100, timeout: 10_000 })
          .toEqual({
            status: 503,
            body: { status: 'not ready', checks: { server: 'ok', database: 'failing', migrations: 'pending' } },
            retryAfter: null,
          });
        expect(await get(`${base}/api/catalog/countries`)).toMatchObject({
          status: 503,
          body: { success: false, code: 'DATABASE_UNAVAILABLE', messageKey: 'apiErrors.serviceUnavailable' },
          retryAfter: '5',
        });
      }

      proxy = await proxyTo(target, databasePort);
      const results = await started;
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      for (const server of settled) {
        expect(server.url).toMatch(new RegExp(`:(${ports.join('|')})$`));
        expect(await get(`${server.url}/api/ready`)).toMatchObject({ status: 200, body: { status: 'ready' } });
      }
      const [first] = settled;
      // Each migration applied once, and the seed's rows there once, though both servers ran them.
      const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const [applied] = await rowsOf<{ count: string }>(first!.database.db, sql`select count(*)::text as count from drizzle.__drizzle_migrations`);
      expect(Number(applied?.count)).toBe(journal.entries.length);
      expect(await first!.database.db.select().from(priceConfig)).toHaveLength(2);
    } finally {
      // Failed before the database came back: it comes back now, for the servers to start and be stopped.
      proxy ??= await proxyTo(target, databasePort);
      await started;
      for (const server of settled) await server.stop();
      await proxy?.close();
      rmSync(dataDir, { recursive: true, force: true });
      await administer(adminUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });

  it('does not wait for a database that answers but refuses: one that does not exist stops it at once', async () => {
    const missing = urlOfDatabase(adminUrl!, `database_start_missing_${randomBytes(4).toString('hex')}`);
    const startedAt = performance.now();
    await expect(
      startServer(testConfig({ DATABASE_URL: missing, DATABASE_START_TIMEOUT_S: '60', BETTER_AUTH_SECRET: 'a-secret-of-at-least-32-characters!!' })),
    ).rejects.toThrow(/does not exist/);
    expect(performance.now() - startedAt).toBeLessThan(10_000);
  });
});
