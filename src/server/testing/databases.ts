import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { connectPglite, connectPostgres, type DatabaseHandle } from '../db/client';
import { countries } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { administer } from './global-setup';

/** The databases every database test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The destination catalog is large and read-only in tests: built once per database, kept across resets. */
const KEPT_ACROSS_RESETS = new Set(['countries', 'operators', 'operator_prefixes']);

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table except the catalog, puts the countries' switches back as seeded, and loads the seed again. */
  reset(): Promise<void>;
}

/** The countries the seed enabled, per database handle: what reset() puts the console's country switches back to. */
const seededSwitches = new WeakMap<DatabaseHandle, Promise<string[]>>();

function seededEnabledCountries(handle: DatabaseHandle): Promise<string[]> {
  let enabled = seededSwitches.get(handle);
  if (!enabled) {
    enabled = handle.db
      .select({ isoName: countries.isoName })
      .from(countries)
      .where(eq(countries.enabled, true))
      .then((rows) => rows.map((row) => row.isoName));
    seededSwitches.set(handle, enabled);
  }
  return enabled;
}

let sharedPglite: Promise<DatabaseHandle> | undefined;

/**
 * One in-memory PGlite per test file (Vitest gives each file its own modules), started from the dump the global setup
 * made of a migrated and seeded database: loading it costs a fraction of migrating and seeding. Test files share it
 * between their suites and reset it between tests.
 */
function sharedPgliteHandle(): Promise<DatabaseHandle> {
  sharedPglite ??= connectPglite(undefined, { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
  return sharedPglite;
}

/** A new PostgreSQL database for this file, copied from the seeded template of the global setup; dropped by close(). */
async function freshPostgresHandle(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `topup_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await administer(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString());
  return {
    ...handle,
    async close() {
      await handle.close();
      await administer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  const handle = kind === 'pglite' ? await sharedPgliteHandle() : await freshPostgresHandle();
  const seededEnabled = await seededEnabledCountries(handle);
  const reset = async () => {
    const result = (await handle.db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`)) as unknown as {
      rows: Array<{ tablename: string }>;
    };
    const tables = result.rows.filter((row) => !KEPT_ACROSS_RESETS.has(row.tablename)).map((row) => `"${row.tablename}"`);
    if (tables.length) await handle.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
    // The catalog is kept, but a test may have switched a country on or off as an admin would.
    const seeded = inArray(countries.isoName, seededEnabled);
    await handle.db
      .update(countries)
      .set({ enabled: seeded, disabledReason: null, disabledAt: null })
      .where(or(isNotNull(countries.disabledAt), sql`${countries.enabled} <> ${seeded}`));
    await seedDatabase(handle.db);
  };
  await reset();
  return {
    ...handle,
    reset,
    // The shared PGlite lives as long as the worker; PostgreSQL databases are dropped.
    close: kind === 'pglite' ? async () => undefined : handle.close,
  };
}
