import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { connectPglite, connectPostgres, type DatabaseHandle } from '../db/client';
import { seedDatabase } from '../db/seed';

/** The databases every database test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The destination catalog is large and read-only in tests: built once per database, kept across resets. */
const KEPT_ACROSS_RESETS = new Set(['countries', 'operators', 'operator_prefixes']);

export interface TestDatabase extends DatabaseHandle {
  /** Empties every table except the catalog and loads the seed again. */
  reset(): Promise<void>;
}

let sharedPglite: Promise<DatabaseHandle> | undefined;

/** One in-memory PGlite per test worker: a fresh instance costs ~0.7 GB, so files share it and reset between tests. */
function sharedPgliteHandle(): Promise<DatabaseHandle> {
  sharedPglite ??= connectPglite(undefined).then(async (handle) => {
    await handle.migrate();
    return handle;
  });
  return sharedPglite;
}

/** A new, empty PostgreSQL database named for this run; dropped by close(). */
async function freshPostgresHandle(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `topup_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectPostgres(url.toString());
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  const handle = kind === 'pglite' ? await sharedPgliteHandle() : await freshPostgresHandle();
  const reset = async () => {
    const result = (await handle.db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`)) as unknown as {
      rows: Array<{ tablename: string }>;
    };
    const tables = result.rows.filter((row) => !KEPT_ACROSS_RESETS.has(row.tablename)).map((row) => `"${row.tablename}"`);
    if (tables.length) await handle.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
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
