import { getTableColumns, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * `insert into <table> (<columns>) select <values> where <condition>`: one row, inserted only while the condition
 * holds, checked and written in one statement. (Drizzle's insert … select takes a select of every column, serial ones
 * included; here each value is a parameter cast to its column's type.) Append `on conflict …` and `returning …`.
 */
export function insertWhere<T extends PgTable>(table: T, values: T['$inferInsert'], condition: SQL): SQL {
  const columns = getTableColumns(table);
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const column = (key: string) => columns[key as keyof typeof columns]!;
  return sql`insert into ${table} (${sql.join(
    entries.map(([key]) => sql.identifier(column(key).name)),
    sql`, `,
  )})
    select ${sql.join(
      // A placeholder (preparedStatement's) is filled with a value already in the driver's form (driverValues).
      entries.map(([key, value]) => sql`${is(value, Placeholder) ? value : sql.param(value, column(key))}::${sql.raw(column(key).getSQLType())}`),
      sql`, `,
    )}
    where ${condition}`;
}

/** A raw statement's row (the database's column names and driver values), mapped as Drizzle maps a select of `table`. */
export function rowOf<T extends PgTable>(table: T, row: Record<string, unknown>): T['$inferSelect'] {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      row[column.name] === null ? null : column.mapFromDriverValue(row[column.name]),
    ]),
  ) as T['$inferSelect'];
}

/** Runs a raw statement and answers its rows, as both drivers (pg and PGlite) give them: the database's column names. */
export async function rowsOf<Row = Record<string, unknown>>(db: Database, statement: SQL): Promise<Row[]> {
  return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const dialect = new PgDialect();

/**
 * A raw statement whose text is built once per database: `build` gives it with named placeholders
 * (`sql.placeholder(name)`), and each call sends only the values, in the driver's form (driverValues), under the
 * statement's `name`, so PostgreSQL parses it once per connection. For hot statements of one shape, as Drizzle's
 * builders have `.prepare()`: building a statement of a few dozen parameters costs more CPU than running it.
 */
export function preparedStatement<Row = Record<string, unknown>>(name: string, build: () => SQL) {
  const prepared = new WeakMap<object, ReturnType<Database['_']['session']['prepareQuery']>>();
  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    // Each run goes through the database's session (a test that stops a "process" at its next database access sees it).
    const { session } = db._;
    let query = prepared.get(session);
    if (!query) {
      query = session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
      prepared.set(session, query);
    }
    return ((await query.execute(values)) as unknown as { rows: Row[] }).rows;
  };
}

/** A placeholder for each of these keys, named after it: a prepared statement's values, e.g. for insertWhere. */
export function placeholdersFor<K extends string>(keys: readonly K[]): Record<K, Placeholder<K>> {
  return Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<K, Placeholder<K>>;
}

/** Row values in the driver's form, as Drizzle encodes them for `table`'s columns (a null stays null). */
export function driverValues<T extends PgTable>(table: T, values: Partial<T['$inferInsert']>): Record<string, unknown> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, value === null || value === undefined ? null : columns[key]!.mapToDriverValue(value)]),
  );
}
