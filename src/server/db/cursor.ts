import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '../../shared/api/admin';
import { DomainError } from '../domain-error';

/**
 * Keyset pagination for the console's lists, newest first: a page ends at a row, and the next page starts after it in
 * (created_at, id) order. The cursor names that row by its time in microseconds (the database keeps microseconds,
 * which a JavaScript Date would round away, so two rows created in one millisecond would be skipped or repeated) and
 * its id, encoded as opaque base64url text.
 */
export interface PagePosition<Id extends string | number> {
  /** The row's created_at, in microseconds since 1970, as decimal digits. */
  atMicros: string;
  id: Id;
}

const microsSchema = z.string().regex(/^\d{1,17}$/);

export function encodeCursor(position: PagePosition<string | number>): string {
  return Buffer.from(JSON.stringify([position.atMicros, position.id])).toString('base64url');
}

/** The position a cursor names; a cursor this server did not make is a 400 naming `cursor`. */
export function decodeCursor<Id extends string | number>(cursor: string, idSchema: z.ZodType<Id>): PagePosition<Id> {
  const parsed = z.tuple([microsSchema, idSchema]).safeParse(readJson(cursor));
  if (!parsed.success) throw new DomainError('invalid', 'INVALID_CURSOR', { key: 'apiErrors.cursorInvalid' }, { field: 'cursor' });
  const [atMicros, id] = parsed.data;
  return { atMicros, id };
}

function readJson(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A row's created_at in microseconds, selected beside it so the page's last row can become a cursor. */
export const micros = (createdAt: PgColumn) => sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

/** Rows after the cursor's row in newest-first (created_at desc, id desc) order. */
export function after(createdAt: PgColumn, id: PgColumn, position: PagePosition<string | number>): SQL {
  const at = sql`(timestamptz 'epoch' + ${position.atMicros}::bigint * interval '1 microsecond')`;
  return sql`(${createdAt}, ${id}) < (${at}, ${position.id})`;
}

/**
 * One page out of `limit + 1` rows read in order: the extra row only says whether another page follows, and the
 * cursor is the position of the page's last row.
 */
export function pageOf<Row extends { atMicros: string; id: string | number }>(
  rows: Row[],
  limit: number,
): { rows: Row[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  const last = page.at(-1)!;
  return { rows: page, nextCursor: encodeCursor({ atMicros: last.atMicros, id: last.id }) };
}

export const pageLimit = (limit: number | undefined) => limit ?? ADMIN_PAGE_SIZE;
