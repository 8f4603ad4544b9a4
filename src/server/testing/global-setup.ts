import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres } from '../db/client';
import { seedDatabase } from '../seed';
import { administer, dropCopiesOf, untilUnused, urlOfDatabase } from './postgres-admin';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of a migrated and seeded PGlite; each test file's PGlite starts from it. */
    pgliteDump: string;
    /** A migrated and seeded PostgreSQL database each test file's database is created from; '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
  }
}

/**
 * Migrates and seeds one database of each kind before the tests run, so that a test file's database is a copy
 * (a PGlite dump loaded in memory, a PostgreSQL `CREATE DATABASE … TEMPLATE`) instead of migrating and seeding the
 * catalogue again in every file.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'topup-unit-'));
  const pglite = await connectPglite(undefined);
  await pglite.migrate();
  await seedDatabase(pglite.db);
  const dumpFile = path.join(folder, 'seeded.tar');
  writeFileSync(dumpFile, Buffer.from(await (await pglite.dumpDataDir()).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDump', dumpFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? `topup_template_${process.pid}_${randomBytes(4).toString('hex')}` : '';
  if (adminUrl) {
    await administer(adminUrl, `CREATE DATABASE ${template}`);
    const postgres = connectPostgres(urlOfDatabase(adminUrl, template));
    await postgres.migrate();
    await seedDatabase(postgres.db);
    await postgres.close();
    await untilUnused(adminUrl, template);
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (adminUrl) await dropCopiesOf(adminUrl, template);
  };
}
