import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { connectPglite, connectPostgres, type DatabaseHandle } from '../db/client';
import { seedDatabase } from '../seed';
import { administer, postgresCopyName, urlOfDatabase } from './postgres-admin';

/** The databases every database test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_KINDS: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
type DatabaseKind = (typeof TEST_DATABASE_KINDS)[number];

/** The destination catalog is large and read-only in tests: built once per database, kept across resets. */
const KEPT_ACROSS_RESETS = new Set(['countries', 'operators', 'operator_prefixes']);

export interface TestDatabase extends DatabaseHandle {
  /**
   * Puts the database back as the global setup seeded it: the tables a test wrote to emptied (their ids restarting
   * at 1) and the seed's rows loaded again; the countries' switches as seeded. The rest of the catalog is kept.
   */
  reset(): Promise<void>;
}

/**
 * One database of each kind per test worker: the unit tests run without per-file isolation (vitest.config.ts), so a
 * worker's files share it, each test resetting it to the seeded state first (reset()). Both start as copies of what
 * the global setup migrated and seeded once: a PGlite loaded in memory from its dump, a PostgreSQL database created
 * from its template. The global setup drops the PostgreSQL copies at the end of the run.
 */
const shared: Partial<Record<DatabaseKind, Promise<{ handle: DatabaseHandle; seeded: SeededState }>>> = {};

function sharedDatabase(kind: DatabaseKind) {
  shared[kind] ??= (kind === 'pglite' ? pgliteCopy() : postgresCopy()).then(async (handle) => ({ handle, seeded: await seededState(handle) }));
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
  return connectPostgres(urlOfDatabase(adminUrl, name));
}

/**
 * What a fresh copy of the seeded database holds, recorded before any test writes to it. A reset asks one query what
 * differs from it and mends only that: emptying all two dozen tables costs 60–180 ms a test, the few a test wrote to
 * a few milliseconds.
 */
interface SeededState {
  /** Per table outside the catalog: a digest of the seed's rows in it, '' for the tables the seed leaves empty. */
  digests: Map<string, string>;
  /** Per table, the sequences of its serial columns. */
  sequences: Map<string, string[]>;
  /** The countries the seed switched on. */
  enabledCountries: string[];
  /** The query naming what differs from this state (differencesQuery). */
  differences: string;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A digest of a table's rows, independent of their physical order. */
const digestOf = (table: string) => `(select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${ident(table)} t)`;

async function rowsOf<T>(db: DatabaseHandle['db'], query: string): Promise<T[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

async function seededState({ db }: DatabaseHandle): Promise<SeededState> {
  const tables = (await rowsOf<{ tablename: string }>(db, 'select tablename from pg_tables where schemaname = current_schema()'))
    .map((row) => row.tablename)
    .filter((table) => !KEPT_ACROSS_RESETS.has(table));
  const digests = await rowsOf<{ name: string; digest: string }>(
    db,
    tables.map((table) => `select ${literal(table)} as name, ${digestOf(table)} as digest`).join(' union all '),
  );
  const owned = await rowsOf<{ sequence: string; table: string; used: boolean }>(
    db,
    `select s.relname as sequence, t.relname as table, ps.last_value is not null as used
       from pg_class s
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
       join pg_class t on t.oid = d.refobjid
       join pg_sequences ps on ps.sequencename = s.relname and ps.schemaname = current_schema()
      where s.relkind = 'S'`,
  );
  const sequences = new Map<string, string[]>();
  for (const { sequence, table, used } of owned.filter((row) => !KEPT_ACROSS_RESETS.has(row.table))) {
    // A reset restarts the ids of the tables it empties at 1, which would repeat ids the seed had given out.
    if (used) throw new Error(`The seed takes ids from ${sequence}: reset() cannot restart it; seed ${table} without a serial id`);
    sequences.set(table, [...(sequences.get(table) ?? []), sequence]);
  }
  const enabled = await rowsOf<{ iso_name: string }>(db, 'select iso_name from countries where enabled order by iso_name');
  const state = { digests: new Map(digests.map((row) => [row.name, row.digest])), sequences, enabledCountries: enabled.map((row) => row.iso_name) };
  return { ...state, differences: differencesQuery(state) };
}

const COUNTRY_SWITCHES = '(countries)';

/** Above this size on disk a written table is truncated rather than emptied row by row (see resetDatabase). */
const LARGE_TABLE_BYTES = 256 * 1024;

/** One query naming each table whose rows or ids differ from the seeded state, and COUNTRY_SWITCHES when they do. */
function differencesQuery(seeded: Omit<SeededState, 'differences'>): string {
  const tables = [...seeded.digests].map(([table, digest]) =>
    digest === ''
      ? `select ${literal(table)} as name where exists (select 1 from ${ident(table)})`
      : `select ${literal(table)} as name where ${digestOf(table)} <> ${literal(digest)}`,
  );
  // A sequence can move on without a row to show for it (an insert rolled back).
  const owners = [...seeded.sequences].flatMap(([table, sequences]) => sequences.map((sequence) => [sequence, table] as const));
  const ids = owners.length
    ? [
        `select case sequencename::text ${owners.map(([sequence, table]) => `when ${literal(sequence)} then ${literal(table)}`).join(' ')} end as name
           from pg_sequences where schemaname = current_schema() and last_value is not null
            and sequencename::text in (${owners.map(([sequence]) => literal(sequence)).join(', ')})`,
      ]
    : [];
  const enabled = seeded.enabledCountries.map(literal).join(', ') || `''`;
  const switches = `select ${literal(COUNTRY_SWITCHES)} as name where exists (select 1 from countries where disabled_at is not null or enabled <> (iso_name in (${enabled})))`;
  return [...tables, ...ids, switches].join(' union all ');
}

async function resetDatabase(handle: DatabaseHandle, seeded: SeededState): Promise<void> {
  const differences = new Set((await rowsOf<{ name: string }>(handle.db, seeded.differences)).map((row) => row.name));
  const switches = differences.delete(COUNTRY_SWITCHES);
  const written = [...differences];
  if (written.length) {
    const sequences = written.flatMap((table) => seeded.sequences.get(table) ?? []);
    // A table a test filled with many rows is truncated instead: deleted rows leave its files (and the planner's idea
    // of its size) large, and the next file's query plans would differ from a fresh database's.
    const large = (
      await rowsOf<{ name: string }>(
        handle.db,
        `select relname::text as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'
            and relname in (${written.map(literal).join(', ')}) and pg_relation_size(oid) > ${LARGE_TABLE_BYTES}`,
      )
    ).map((row) => row.name);
    if (large.length) await handle.db.execute(sql.raw(`truncate ${large.map(ident).join(', ')} restart identity cascade`));
    await handle.db.transaction(async (tx) => {
      // Emptied in any order: no foreign key is checked while replicating, and every table that refers to an emptied
      // one was written too (its rows could not exist otherwise) or is in the kept catalog, which refers to none.
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      for (const table of written) await tx.execute(sql.raw(`delete from ${ident(table)}`));
      if (sequences.length) await tx.execute(sql.raw(`select ${sequences.map((sequence) => `setval(${literal(sequence)}, 1, false)`).join(', ')}`));
    });
  }
  if (switches) {
    // The catalog is kept, but a test may have switched a country on or off as an admin would.
    const enabled = seeded.enabledCountries.map(literal).join(', ') || `''`;
    await handle.db.execute(sql.raw(`update countries set enabled = (iso_name in (${enabled})), disabled_reason = null, disabled_at = null`));
  }
  const reseeded = written.filter((table) => seeded.digests.get(table) !== '');
  if (reseeded.length) {
    await seedDatabase(handle.db);
    // The seed's rows are back with new times (updated_at): what later resets compare with.
    for (const table of reseeded)
      seeded.digests.set(table, (await rowsOf<{ digest: string }>(handle.db, `select ${digestOf(table)} as digest`))[0]!.digest);
    seeded.differences = differencesQuery(seeded);
  }
}

/** The worker's database of this kind, reset to the seeded state. Closing it is left to the end of the run. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const { handle, seeded } = await sharedDatabase(kind);
  const reset = () => resetDatabase(handle, seeded);
  await reset();
  return { ...handle, reset, close: async () => undefined };
}
