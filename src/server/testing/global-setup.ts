import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectPglite, connectPostgres } from '../db/client';
import { seedDatabase } from '../db/seed';

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

/** The address of another database on the server of adminUrl. */
export function urlOfDatabase(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops a template database and every copy of it (postgresCopyName). */
export async function dropCopiesOf(adminUrl: string, template: string): Promise<void> {
  for (const name of await databasesNamed(adminUrl, postgresCopyName(template, '%')))
    await administer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await administer(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}

/** The name of a test worker's copy of the template; with '%', the pattern matching every copy. */
export function postgresCopyName(template: string, worker: string): string {
  return `${template}_w${worker}`;
}

async function databasesNamed(adminUrl: string, pattern: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [pattern]);
    return rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
}

/**
 * A template database can be copied only while nobody is connected to it, and a pool's end() returns before its
 * connections have closed: wait until PostgreSQL sees none.
 */
export async function untilUnused(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await admin.query<{ count: string }>('select count(*) from pg_stat_activity where datname = $1', [database]);
      if (rows[0]?.count === '0') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Connections to ${database} did not close`);
  } finally {
    await admin.end();
  }
}

/** One statement on the administration connection (databases cannot be created inside a pool's transaction). */
export async function administer(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
