import { and, asc, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { adminCustomersQuerySchema, AdminCustomerDetail, AdminCustomerResponse, AdminCustomerRow } from '../../shared/api/admin';
import type { Database } from '../db/client';
import { account, adminAuditLog, orders, session, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { DAY_MS, SPENDING_STATUSES } from '../orders/limits';
import { after, decodeCursor, micros, pageLimit, pageOf } from '../db/cursor';
import { customerOrderRows } from '../orders/admin-queries';

/** How many of a customer's orders their page lists; the orders page filtered by their e-mail has the rest. */
export const CUSTOMER_PAGE_ORDERS = 50;

/** What the customer page needs besides the database. */
export interface CustomerContext {
  now: Date;
  /** The daily cap the last-24-hours figure is measured against (DAILY_SPEND_LIMIT). */
  dailySpendLimitCents: number;
}

export const customerNotFound = () => new DomainError('not_found', 'CUSTOMER_NOT_FOUND', { key: 'apiErrors.customerNotFound' });

const customerColumns = {
  id: user.id,
  email: user.email,
  name: user.name,
  username: user.username,
  emailVerified: user.emailVerified,
  isAdmin: user.isAdmin,
  twoFactorEnabled: user.twoFactorEnabled,
  blockedAt: user.blockedAt,
  createdAt: user.createdAt,
};
type CustomerFields = Pick<typeof user.$inferSelect, keyof typeof customerColumns>;

function toCustomerRow(row: CustomerFields): AdminCustomerRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    username: row.username,
    emailVerified: row.emailVerified,
    isAdmin: row.isAdmin,
    twoFactorEnabled: row.twoFactorEnabled,
    blocked: row.blockedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%` and `_` typed in the search box are searched for as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** A search box's text as a condition: part of the e-mail, name or username (any case), or the exact id. */
function matching(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containing(text);
  return or(ilike(user.email, pattern), ilike(user.name, pattern), ilike(user.username, pattern), eq(user.id, text));
}

const userIdSchema = z.string().min(1).max(200);

/** GET /api/admin/customers: accounts matching `q`, newest first, a page at a time. */
export async function searchCustomers(db: Database, query: z.output<typeof adminCustomersQuerySchema>) {
  const limit = pageLimit(query.limit);
  const position = query.cursor ? decodeCursor(query.cursor, userIdSchema) : undefined;
  const rows = await db
    .select({ ...customerColumns, atMicros: micros(user.createdAt) })
    .from(user)
    .where(and(matching(query.q), position ? after(user.createdAt, user.id, position) : undefined))
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit);
  return { customers: page.rows.map(toCustomerRow), nextCursor: page.nextCursor };
}

/**
 * Money figures of a customer's orders: paid (captured, i.e. completed), refunded (completed orders an admin refunded,
 * as the audit log records), and what the daily cap counts now (held or paid, created in the last 24 hours).
 */
async function customerTotals(db: Database, userId: string, { now, dailySpendLimitCents }: CustomerContext): Promise<AdminCustomerDetail['totals']> {
  const since = new Date(now.getTime() - DAY_MS);
  const refunded = db
    .select({ id: adminAuditLog.id })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, 'order.refund'), eq(adminAuditLog.targetType, 'order'), eq(adminAuditLog.targetId, sql`${orders.id}::text`)));
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'completed'), 0)`,
      refunded: sql<string>`coalesce(sum(${orders.totalCents}) filter (where exists (${refunded})), 0)`,
      last24h: sql<string>`coalesce(sum(${orders.totalCents}) filter (where ${and(inArray(orders.status, SPENDING_STATUSES), gt(orders.createdAt, since))}), 0)`,
      count: sql<string>`count(*)`,
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return {
    paidCents: Number(row?.paid ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
    last24hCents: Number(row?.last24h ?? 0),
    dailyLimitCents: dailySpendLimitCents,
    orderCount: Number(row?.count ?? 0),
  };
}

/** Refuses with 404 CUSTOMER_NOT_FOUND when no account has this id. */
export async function assertCustomerExists(db: Database, customerId: string): Promise<void> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.id, customerId));
  if (!found) throw customerNotFound();
}

/** The customer page: the account, how it signs in, its open sessions, its money figures and latest orders. */
export async function customerPage(db: Database, customerId: string, context: CustomerContext): Promise<Omit<AdminCustomerResponse, 'success'>> {
  const [found] = await db
    .select({ ...customerColumns, blockedReason: user.blockedReason, language: user.language })
    .from(user)
    .where(eq(user.id, customerId));
  if (!found) throw customerNotFound();
  const methods = await db
    .selectDistinct({ providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, customerId))
    .orderBy(asc(account.providerId));
  const sessions = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, customerId), gt(session.expiresAt, context.now)))
    .orderBy(desc(session.createdAt));
  const customer: AdminCustomerDetail = {
    ...toCustomerRow(found),
    blockedAt: found.blockedAt?.toISOString() ?? null,
    blockedReason: found.blockedReason,
    language: found.language,
    signInMethods: methods.map((method) => method.providerId),
    sessions: sessions.map((open) => ({
      id: open.id,
      createdAt: open.createdAt.toISOString(),
      expiresAt: open.expiresAt.toISOString(),
      ipAddress: open.ipAddress || null,
      userAgent: open.userAgent || null,
      secondFactorVerified: open.twoFactorVerifiedAt !== null,
    })),
    totals: await customerTotals(db, customerId, context),
  };
  return { customer, orders: await customerOrderRows(db, customerId, context.now, CUSTOMER_PAGE_ORDERS) };
}
