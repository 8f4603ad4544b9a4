import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { parseOrderReference } from '../../shared/order-reference';
import { UUID } from '../db/ids';
import { countries, orders, user } from '../db/schema';

/**
 * How the console's order lists page and search: a cursor that names where a page ended (newest first, by keyset on
 * created_at and id), and the search box read as an order id, an order reference, a payment, a top-up transaction, an e-mail or a number.
 */

/** Where a page ended: the last order's created_at to the microsecond (as PostgreSQL keeps it) and its id. */
export interface OrderCursor {
  createdAt: string;
  id: string;
}

const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A real instant in the cursor's format: the calendar must agree (no 31 February). */
const isMicrosecondTime = (value: string) => {
  if (!MICROSECOND_TIME.test(value)) return false;
  const milliseconds = `${value.slice(0, 23)}Z`;
  const date = new Date(milliseconds);
  return !Number.isNaN(date.getTime()) && date.toISOString() === milliseconds;
};

const cursorContent = z.object({ t: z.string().refine(isMicrosecondTime), i: z.string().regex(UUID) });

export function encodeOrderCursor(cursor: OrderCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.createdAt, i: cursor.id })).toString('base64url');
}

export function decodeOrderCursor(value: string): OrderCursor | null {
  let content: unknown;
  try {
    content = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = cursorContent.safeParse(content);
  return parsed.success ? { createdAt: parsed.data.t, id: parsed.data.i.toLowerCase() } : null;
}

/** The `cursor` of a list query: one that this list gave (nextCursor), or the request names a bad field. */
export const orderCursorSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .transform((value, context) => {
    const cursor = decodeOrderCursor(value);
    if (cursor) return cursor;
    context.addIssue({ code: 'custom', message: 'cursor must be a nextCursor this list gave' });
    return z.NEVER;
  })
  .optional();

/** The order's created_at as the cursor keeps it (a JavaScript Date would drop the microseconds). */
export const cursorTimeSql = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Orders after the cursor in newest-first order; an index on (…, created_at, id) answers it as a range. */
export const afterCursor = (cursor: OrderCursor) => sql`(${orders.createdAt}, ${orders.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;

export const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)];

/** A national number with and without the trunk 0, since the data keeps it as the customer typed it. */
const trunkForms = (national: string) => (national.startsWith('0') ? [national, national.slice(1)] : [national, `0${national}`]);

export interface PhoneSearch {
  /** National forms matched in any country; none when the number was typed with a +. */
  national: string[];
  /** The digits after a leading + or 00, to be read as calling code + national number. */
  international: string;
}

/**
 * Reads the search box as a phone number: spaces, dashes, dots and parentheses dropped, then 4–20 digits, perhaps after
 * a + or 00. Null when it is not one.
 */
export function phoneSearch(q: string): PhoneSearch | null {
  const compact = q.replace(/[\s\-().]/g, '');
  const match = /^(\+|00)?(\d{4,20})$/.exec(compact);
  if (!match) return null;
  const [, prefix, digits] = match;
  return { national: prefix === '+' ? [] : trunkForms(`${prefix ?? ''}${digits}`), international: digits! };
}

/** The countries whose calling code starts the digits, each with the national number that follows it. */
async function nationalNumbersAbroad(db: Database, digits: string): Promise<Array<{ countryIso: string; national: string }>> {
  const prefixes = [1, 2, 3].map((length) => digits.slice(0, length)).filter((prefix) => prefix.length < digits.length);
  const rows = await db
    .select({ isoName: countries.isoName, callingCodes: countries.callingCodes })
    .from(countries)
    .where(or(...prefixes.map((prefix) => sql`${countries.callingCodes} @> ${JSON.stringify([prefix])}::jsonb`)));
  return rows.flatMap((row) =>
    row.callingCodes.filter((code) => prefixes.includes(code)).map((code) => ({ countryIso: row.isoName, national: digits.slice(code.length) })),
  );
}

/**
 * The conditions an order may match the search box by, each exact and answered by an index of its own: the order id,
 * the order's reference (read as parseOrderReference reads it), the payment, the top-up transaction, the customIdentifier, the customer's e-mail (any case), the recipient's
 * number (national as typed, with or without its trunk 0; or international, within the country of its calling code).
 */
export async function searchConditions(db: Database, q: string): Promise<SQL[]> {
  const conditions: SQL[] = [eq(orders.paymentId, q), eq(orders.topupTransactionId, q), eq(orders.customIdentifier, q)];
  if (UUID.test(q)) conditions.push(eq(orders.id, q.toLowerCase()));
  const reference = parseOrderReference(q);
  if (reference) conditions.push(eq(orders.reference, reference));
  if (q.includes('@')) {
    // Accounts keep their address in lower case (Better Auth normalises it), so the unique index on it answers. The
    // customer is looked up first: given their id, PostgreSQL knows a customer with many orders and reads them in order.
    const [customer] = await db.select({ id: user.id }).from(user).where(eq(user.email, q.toLowerCase()));
    if (customer) conditions.push(eq(orders.userId, customer.id));
  }
  const phone = phoneSearch(q);
  if (phone) {
    for (const national of phone.national) conditions.push(eq(orders.recipientPhone, national));
    const abroad = new Map<string, string[]>();
    for (const { countryIso, national } of await nationalNumbersAbroad(db, phone.international)) {
      for (const form of trunkForms(national)) abroad.set(form, [...(abroad.get(form) ?? []), countryIso]);
    }
    for (const [national, countryIsos] of abroad) {
      conditions.push(and(eq(orders.recipientPhone, national), inArray(orders.countryIso, countryIsos))!);
    }
  }
  return conditions;
}
