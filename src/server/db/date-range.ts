import { and, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const DAY_MS = 24 * 60 * 60 * 1000;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A list's `from` and `to` filters (both inclusive) as a condition on a time column. Dates are UTC; a bare date as
 * `to` means the whole of that day. The shared query schemas have already checked that both parse.
 */
export function createdWithin(column: PgColumn, { from, to }: { from?: string; to?: string }): SQL | undefined {
  const end = to === undefined ? undefined : BARE_DATE.test(to) ? lt(column, new Date(Date.parse(to) + DAY_MS)) : lte(column, new Date(to));
  return and(from === undefined ? undefined : gte(column, new Date(from)), end);
}
