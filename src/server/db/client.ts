import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { makePrivateDirectory } from './data-dir';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The connection pool's use now (PostgreSQL only; PGlite is one in-process connection). */
  poolUse?(): PoolUse;
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One value per database, built on first use: for Drizzle's prepared statements, which belong to the database they
 * were prepared on. A hot query prepared once skips Drizzle's query building, and PostgreSQL parses it once per
 * connection (the statement's name is its key there, so each name must be unique).
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

export interface PoolUse {
  /** Connections open, busy or idle. */
  open: number;
  idle: number;
  /** Queries waiting for a connection because all `max` are busy. */
  waiting: number;
  max: number;
}

const statementListeners: (() => void)[] = [];

/**
 * Tells `listener` of every statement sent to PostgreSQL from now on, through any pool this module opens (the metrics
 * count them: metrics/registry.ts). The database knows nothing of who listens.
 */
export function onStatementSent(listener: () => void): void {
  statementListeners.push(listener);
}

/** Arbitrary constant that serialises migrations when several servers start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 727_001;

export interface PostgresOptions {
  /**
   * Told when PostgreSQL drops an idle pooled connection (a restart, a failover, an administrator). The pool discards
   * that connection and opens a new one for the next query; without a listener the error would end the process.
   */
  onConnectionLost?: (error: Error) => void;
}

export function connectPostgres(url: string, options: PostgresOptions = {}): DatabaseHandle {
  // A database that does not answer fails the request after 5 s (answered 503) instead of holding it open.
  const max = 10;
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => options.onConnectionLost?.(error));
  // Every statement is one round trip, whoever sends it (Drizzle, a transaction's BEGIN and COMMIT, migrations).
  pool.on('connect', (client) => {
    const query = client.query;
    client.query = function (this: pg.PoolClient, ...args: Parameters<typeof query>) {
      for (const listener of statementListeners) listener();
      return query.apply(this, args);
    } as typeof query;
  });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Embedded PostgreSQL: files under dataDir (private to the server's user), or in memory when dataDir is undefined.
 * `loadDataDir` starts it from a dump of another instance's files (PGlite's dumpDataDir), which the tests use to skip
 * migrating and seeding.
 */
export async function connectPglite(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<PgliteHandle> {
  if (dataDir) makePrivateDirectory(dataDir);
  const client = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  // The files PGlite has just created (all of them, on a new directory) are open to everyone until tightened.
  if (dataDir) makePrivateDirectory(dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

export interface PgliteHandle extends DatabaseHandle {
  /** The database's files as one uncompressed archive, which `loadDataDir` starts another instance from. */
  dumpDataDir(): Promise<Blob | File>;
}

export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string | undefined } & PostgresOptions) {
  return options.databaseUrl ? connectPostgres(options.databaseUrl, options) : connectPglite(options.dataDir);
}
