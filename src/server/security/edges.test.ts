import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { SANDBOX_WEBHOOK_SECRET, sandboxWebhookSecret } from '../payments';
import { testConfig } from '../testing/app';
import { openTestDatabase, type TestDatabase } from '../testing/databases';

const PRODUCTION = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'a-production-secret-of-at-least-32-characters' };

describe('smaller edges', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const appWith = async (env: NodeJS.ProcessEnv, requestTimeoutMs?: number) => {
    const app = await buildApp({ config: testConfig(env), database, reconciler: false, requestTimeoutMs });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('sends a Permissions-Policy on pages and API answers', async () => {
    const app = await appWith({});
    for (const url of ['/', '/api/health', '/api/nothing-here']) {
      const policy = String((await app.inject({ method: 'GET', url })).headers['permissions-policy']);
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('geolocation=()');
      expect(policy, url).toContain('microphone=()');
    }
  });

  it('sends HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const plain = await appWith({ ...PRODUCTION, PUBLIC_URL: 'http://topup.internal:8080' });
    const page = await plain.inject({ method: 'GET', url: '/' });
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');

    const secure = await appWith({ ...PRODUCTION, PUBLIC_URL: 'https://topup.example' });
    const securePage = await secure.inject({ method: 'GET', url: '/' });
    expect(securePage.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(securePage.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('cuts a request whose body trickles in after the request timeout', async () => {
    const app = await appWith({}, 1000);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const startedAt = Date.now();
    const outcome = await new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - startedAt }));
      socket.on('error', () => undefined);
      socket.write('POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"na');
      // One byte every 300 ms: it would take a minute to finish.
      const trickle = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(trickle)), 300);
      socket.on('close', () => clearInterval(trickle));
    });
    expect(outcome.closedAfterMs).toBeLessThan(5_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('signs sandbox webhooks with a secret of each data directory or deployment, never the fixed one', () => {
    const dirs = [mkdtempSync(path.join(tmpdir(), 'webhook-a-')), mkdtempSync(path.join(tmpdir(), 'webhook-b-'))];
    try {
      const [first, second] = dirs.map((dir) => sandboxWebhookSecret(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir })));
      expect(first).toMatch(/^whsec_[\w-]{43}$/);
      expect(first).not.toBe(second);
      expect(first).not.toBe(SANDBOX_WEBHOOK_SECRET);
      expect(sandboxWebhookSecret(loadConfig({ NODE_ENV: 'development', DATA_DIR: dirs[0] }))).toBe(first);
      const shared = (dir: string) => sandboxWebhookSecret(loadConfig({ ...PRODUCTION, DATA_DIR: dir }));
      expect(shared(dirs[0]!)).toBe(shared(dirs[1]!));
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });
});
