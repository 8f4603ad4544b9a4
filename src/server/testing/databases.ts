import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { connectPglite, connectPostgres, type DatabaseHandle } from '../db/client';
import { countries } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { administer, postgresCopyName } from './global-setup';

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

type DatabaseKind = (typeof TEST_DATABASE_KINDS)[number];

/**
 * One database of each kind per test worker: the unit tests run without per-file isolation (vitest.config.ts), so a
 * worker's files share it, each test resetting it to the seeded state first (reset()). Both start as copies of what
 * the global setup migrated and seeded once: a PGlite loaded in memory from its dump, a PostgreSQL database created
 * from its template. The global setup drops the PostgreSQL copies at the end of the run.
 */
const shared: Partial<Record<DatabaseKind, Promise<DatabaseHandle>>> = {};

function sharedHandle(kind: DatabaseKind): Promise<DatabaseHandle> {
  shared[kind] ??= (kind === 'pglite' ? pgliteCopy() : postgresCopy()).then(rememberSeededState);
  return shared[kind];
}

function pgliteCopy(): Promise<DatabaseHandle> {
  return connectPglite(undefined, { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
}

async function postgresCopy(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate');
  const name = postgresCopyName(template, `${process.pid}_${randomBytes(3).toString('hex')}`);
  await administer(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return connectPostgres(url.toString());
}

/** Records what the fresh copy holds (see SeededState), before any test writes to it. */
async function rememberSeededState(handle: DatabaseHandle): Promise<DatabaseHandle> {
  seededStates.set(handle, await seededState(handle));
  return handle;
}

const seededStates = new WeakMap<DatabaseHandle, SeededState>();

interface TableRow {
  tablename: string;
}

/**
 * What a fresh copy of the seeded database holds outside the catalogue: per table, a digest of its rows ('' for the
 * tables the seed leaves empty), and per sequence, its position. A reset compares the database with it and empties
 * only what a test changed: emptying all two dozen tables costs ~150 ms, a handful of them a few.
 */
interface SeededState {
  tables: Map<string, string>;
  /** sequence name → [owning table, last value after seeding or null]. */
  sequences: Map<string, [string, string | null]>;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A digest of a table's rows, independent of their physical order. */
const digestOf = (table: string) => `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${ident(table)} t)`;

async function rowsOf<T>(handle: DatabaseHandle, query: string): Promise<T[]> {
  return ((await handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

async function seededState(handle: DatabaseHandle): Promise<SeededState> {
  const tables = (await rowsOf<TableRow>(handle, 'select tablename from pg_tables where schemaname = current_schema()'))
    .map((row) => row.tablename)
    .filter((table) => !KEPT_ACROSS_RESETS.has(table));
  const digests = await rowsOf<{ name: string; digest: string }>(
    handle,
    tables.map((table) => `select ${literal(table)} as name, ${digestOf(table)} as digest`).join(' union all '),
  );
  const sequences = await rowsOf<{ sequence: string; table: string; last_value: string | null }>(
    handle,
    `select s.relname as sequence, t.relname as table, ps.last_value::text as last_value
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       join pg_class t on t.oid = d.refobjid
       join pg_sequences ps on ps.sequencename = s.relname and ps.schemaname = current_schema()
      where s.relkind = 'S'`,
  );
  return {
    tables: new Map(digests.map((row) => [row.name, row.digest])),
    sequences: new Map(sequences.filter((row) => !KEPT_ACROSS_RESETS.has(row.table)).map((row) => [row.sequence, [row.table, row.last_value]])),
  };
}

/** The tables whose rows or sequence differ from the seeded state: the ones a test wrote to. */
async function changedTables(handle: DatabaseHandle, seeded: SeededState): Promise<string[]> {
  const rowChecks = [...seeded.tables].map(([table, digest]) =>
    digest === ''
      ? `select ${literal(table)} as name where exists (select 1 from ${ident(table)})`
      : `select ${literal(table)} as name where ${digestOf(table)} <> ${literal(digest)}`,
  );
  const sequenceCheck = `select sequencename::text as name from pg_sequences where schemaname = current_schema() and last_value is not null`;
  const rows = await rowsOf<{ name: string }>(handle, [...rowChecks, sequenceCheck].join(' union all '));
  const changed = new Set<string>();
  for (const { name } of rows) {
    const sequence = seeded.sequences.get(name);
    if (!sequence) {
      if (seeded.tables.has(name)) changed.add(name);
      continue;
    }
    const [table, seededValue] = sequence;
    if (seededValue === null) changed.add(table);
  }
  // A sequence the seed had used, moved on since.
  const used = [...seeded.sequences].filter(([, [, value]]) => value !== null).map(([name]) => name);
  if (used.length) {
    const positions = await rowsOf<{ name: string; last_value: string | null }>(
      handle,
      `select sequencename::text as name, last_value::text as last_value from pg_sequences where schemaname = current_schema() and sequencename in (${used.map(literal).join(', ')})`,
    );
    for (const { name, last_value } of positions) if (last_value !== seeded.sequences.get(name)![1]) changed.add(seeded.sequences.get(name)![0]);
  }
  return [...changed];
}

export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  const handle = await sharedHandle(kind);
  const seededEnabled = await seededEnabledCountries(handle);
  const seeded = seededStates.get(handle)!;
  const reset = async () => {
    const changed = await changedTables(handle, seeded);
    if (changed.length) await handle.db.execute(sql.raw(`TRUNCATE ${changed.map(ident).join(', ')} RESTART IDENTITY CASCADE`));
    // The catalog is kept, but a test may have switched a country on or off as an admin would.
    const seededSwitch = inArray(countries.isoName, seededEnabled);
    await handle.db
      .update(countries)
      .set({ enabled: seededSwitch, disabledReason: null, disabledAt: null })
      .where(or(isNotNull(countries.disabledAt), sql`${countries.enabled} <> ${seededSwitch}`));
    const reseeded = changed.filter((table) => seeded.tables.get(table) !== '');
    if (reseeded.length) {
      await seedDatabase(handle.db);
      // The seed's rows are back with new times (updated_at): what later resets compare with.
      for (const table of reseeded)
        seeded.tables.set(table, (await rowsOf<{ digest: string }>(handle, `select ${digestOf(table)} as digest`))[0]!.digest);
    }
  };
  await reset();
  // The database lives as long as the worker: the next test file resets it.
  return { ...handle, reset, close: async () => undefined };
}
