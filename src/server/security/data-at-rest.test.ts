import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { resolveAuthSecret } from '../auth/secret';
import { loadConfig } from '../config';
import { connectPglite, type DatabaseHandle } from '../db/client';
import { verification } from '../db/schema';
import { seedDatabase } from '../seed';
import { latestOutboxMessage } from '../mail/mailer';
import { testConfig } from '../testing/app';
import { accountClient, totpCode } from '../testing/accounts';

const PASSWORD = 'Lagos-to-Accra-2026';

/** Every path under a directory (itself included) whose mode gives its group or others any permission. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const walk = (target: string) => {
    const stats = statSync(target);
    if ((stats.mode & 0o077) !== 0) found.push(`${path.relative(root, target) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of readdirSync(target)) walk(path.join(target, entry));
  };
  walk(root);
  return found;
}

describe('data at rest', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'topup-at-rest-'));
  const dataDir = path.join(parent, 'data');
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    // A data directory left open by an older version, with a stray file anyone may write.
    mkdirSync(path.join(dataDir, 'old'), { recursive: true });
    writeFileSync(path.join(dataDir, 'old', 'notes'), 'x');
    chmodSync(path.join(dataDir, 'old', 'notes'), 0o666);
    chmodSync(path.join(dataDir, 'old'), 0o777);
    chmodSync(dataDir, 0o777);
    database = await connectPglite(dataDir);
    await database.migrate();
    await seedDatabase(database.db);
    app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(parent, { recursive: true, force: true });
  });

  it('keeps the embedded database private: DATA_DIR 0700 and nothing in it open to others, old files tightened', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir).length).toBeGreaterThan(3);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(statSync(path.join(dataDir, 'old', 'notes')).mode & 0o777).toBe(0o600);
  });

  it('creates a new DATA_DIR 0700 with its generated auth secret 0600', () => {
    const fresh = path.join(parent, 'fresh', 'data');
    resolveAuthSecret(loadConfig({ NODE_ENV: 'development', DATA_DIR: fresh }));
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(fresh, 'auth-secret')).mode & 0o777).toBe(0o600);
  });

  async function resetToken() {
    expect((await accountClient(app, '203.0.113.90').post('/api/auth/request-password-reset', { email: 'amina@example.com' })).statusCode).toBe(200);
    const mail = await latestOutboxMessage(database.db, 'amina@example.com', 'Reset your GlobalTopUp password');
    return decodeURIComponent(/\/auth\?reset=([^\s"&]+)/.exec(mail!.text)![1]!);
  }

  it('stores reset links hashed, and a newer link makes the older ones stop working', async () => {
    await accountClient(app, '203.0.113.91').signUp('amina@example.com', PASSWORD);
    const older = await resetToken();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await resetToken();
    const identifiers = (await database.db.select({ identifier: verification.identifier }).from(verification)).map((row) => row.identifier);
    expect(identifiers.filter((identifier) => identifier.includes(older) || identifier.includes(newer))).toEqual([]);

    const refused = await accountClient(app, '203.0.113.92').post('/api/auth/reset-password', {
      token: older,
      newPassword: 'Fresh-Start-in-Dakar-9',
    });
    expect(refused.statusCode).toBe(400);
    const accepted = await accountClient(app, '203.0.113.93').post('/api/auth/reset-password', {
      token: newer,
      newPassword: 'Fresh-Start-in-Dakar-9',
    });
    expect(accepted.statusCode).toBe(200);
    expect((await accountClient(app, '203.0.113.94').signIn('amina@example.com', 'Fresh-Start-in-Dakar-9')).statusCode).toBe(200);
  });

  it('stores the pending two-factor challenge hashed, and it still works', async () => {
    const owner = accountClient(app, '203.0.113.95');
    await owner.signUp('kofi@example.com', PASSWORD);
    const { totpURI } = (await owner.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as { totpURI: string };
    await owner.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
    const browser = accountClient(app, '203.0.113.96');
    await browser.signIn('kofi@example.com', PASSWORD);
    const challenge = decodeURIComponent(/two_factor=([^;]+)/.exec(browser.cookies)![1]!).split('.')[0]!;
    const identifiers = (await database.db.select({ identifier: verification.identifier }).from(verification)).map((row) => row.identifier);
    expect(identifiers.filter((identifier) => identifier.includes(challenge))).toEqual([]);
    expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
  });
});
