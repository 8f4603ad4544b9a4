import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
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
      entries.map(([key, value]) => sql`${sql.param(value, column(key))}::${sql.raw(column(key).getSQLType())}`),
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
