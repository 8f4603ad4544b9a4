import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { isServerBuilt, startBuiltServer, stopBuiltServer } from '../scripts/built-server';
import { administer, dropCopiesOf, untilUnused, urlOfDatabase } from '../src/server/testing/postgres-admin';

declare module 'vitest' {
  interface ProvidedContext {
    /**
     * Without TEST_DATABASE_URL: a data directory the built server has migrated and seeded once; each test server
     * starts from a copy of it. Empty with it.
     */
    seededDataDir: string;
    /**
     * With TEST_DATABASE_URL: a PostgreSQL database the built server has migrated and seeded once; each test server
     * runs on a copy of it (`CREATE DATABASE … TEMPLATE`). '' without it.
     */
    seededDatabase: string;
  }
}

/**
 * Runs the built server once on an empty data directory, so that migrating and seeding the catalogue (about 4 s) is
 * paid once per run instead of once per test file. The server closes its database on SIGTERM, so the files are
 * complete when copied. With TEST_DATABASE_URL it seeds a PostgreSQL database the same way instead, which the test
 * servers then run on: PostgreSQL answers their queries natively where the embedded database runs in WebAssembly inside the
 * server, about 40 % less CPU per test server (ADR 028).
 */
export default async function setup(project: TestProject) {
  if (!isServerBuilt()) throw new Error('The end-to-end tests run the built server: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-e2e-seeded-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? `topup_e2e_${process.pid}_${randomBytes(4).toString('hex')}` : '';
  await (adminUrl ? seedPostgres(adminUrl, database) : startBuiltServer(dataDir, { NODE_ENV: 'test' }).then(stopBuiltServer));
  project.provide('seededDataDir', dataDir);
  project.provide('seededDatabase', database);
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await dropCopiesOf(adminUrl, database);
  };
}

async function seedPostgres(adminUrl: string, database: string): Promise<void> {
  await administer(adminUrl, `CREATE DATABASE ${database}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-e2e-seeding-'));
  try {
    await stopBuiltServer(await startBuiltServer(dataDir, { NODE_ENV: 'test', DATABASE_URL: urlOfDatabase(adminUrl, database) }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  await untilUnused(adminUrl, database);
}
