import { and, asc, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import { alias, union, type SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  adminActionsFor,
  adminOrdersQuerySchema,
  type AdminOrderDetail,
  type AdminOrderEvent,
  type AdminOrderRow,
  type AttentionItem,
  type PaymentProviderName,
} from '../../shared/api/admin';
import type { OrderStatus } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { countries, orderEvents, orders, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { shiftsLiability } from '../payments/provider';
import { adminDeliveryReport } from './delivery-reports';
import { capturedCentsOf, marginCentsOf, refundedCentsOf } from './order-cost';
import { attentionReasonSql, attentionSinceSql, countAttention, needsAttention } from './attention';
import { UUID } from '../db/ids';
import { adminDisputeOf, adminDisputesOf } from './dispute-actions';
import {
  afterCursor,
  cursorTimeSql,
  encodeOrderCursor,
  NEWEST_FIRST,
  orderCursorSchema,
  searchConditions,
  type OrderCursor,
} from './admin-order-search';

/**
 * What the operations console reads about orders: the paginated, filtered and searchable list, one order with its
 * timeline, and the attention queue (the overview is overview.ts; the cursor and the search box admin-order-search.ts). Lists are newest first, paginated by keyset on
 * (created_at, id) so that a page deep in a million orders costs what the first one does.
 */

/** The attention queue shows at most this many orders, oldest first; its count counts them all. */
export const ATTENTION_LIST_LIMIT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------------------------------
// Rows

/** The console's rows: the order's own columns, the customer's e-mail and the country's calling code. */
function rowColumns(now: Date) {
  return {
    id: orders.id,
    reference: orders.reference,
    status: orders.status,
    createdAt: orders.createdAt,
    updatedAt: orders.updatedAt,
    userId: orders.userId,
    customerEmail: user.email,
    countryCode: orders.countryIso,
    recipientPhone: orders.recipientPhone,
    callingCodes: countries.callingCodes,
    operatorId: orders.operatorId,
    operatorName: orders.operatorName,
    amountCents: orders.amountCents,
    totalCents: orders.totalCents,
    paymentProvider: orders.paymentProvider,
    attention: attentionReasonSql(now),
  };
}

function toAdminOrderRow(row: RowValues): AdminOrderRow {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as OrderStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    customerEmail: row.customerEmail,
    countryCode: row.countryCode,
    recipientPhone: row.recipientPhone,
    callingCode: row.callingCodes?.[0] ?? null,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    amountCents: row.amountCents,
    totalCents: row.totalCents,
    paymentProvider: row.paymentProvider as PaymentProviderName,
    attention: row.attention,
  };
}

function selectRows<T extends SelectedFields>(db: Database, now: Date, extra: T) {
  return db
    .select({ ...rowColumns(now), ...extra })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .leftJoin(countries, eq(countries.isoName, orders.countryIso));
}

type RowValues = Awaited<ReturnType<typeof selectRows<Record<never, never>>>>[number];

/** A customer's latest orders, newest first, as rows of the console's orders table (the customer page). */
export async function customerOrderRows(db: Database, userId: string, now: Date, limit: number): Promise<AdminOrderRow[]> {
  const rows = await selectRows(db, now, {})
    .where(eq(orders.userId, userId))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows.map(toAdminOrderRow);
}

// ---------------------------------------------------------------------------------------------------------------------
// The orders list

/** GET /api/admin/orders's query, its cursor read back into the place where the previous page ended. */
export const adminOrdersFiltersSchema = adminOrdersQuerySchema.extend({ cursor: orderCursorSchema });
export type AdminOrdersFilters = z.output<typeof adminOrdersFiltersSchema>;

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `to` is inclusive: a bare date means up to the end of that day (UTC). */
function createdUpTo(to: string): SQL | undefined {
  if (!BARE_DATE.test(to)) return lte(orders.createdAt, new Date(to));
  const dayAfter = new Date(new Date(to).getTime() + DAY_MS);
  // The day after 9999-12-31 is no timestamp PostgreSQL reads (+010000-01-01), and every order is before it anyway.
  return dayAfter.getUTCFullYear() > 9999 ? undefined : lt(orders.createdAt, dayAfter);
}

/** The filters that narrow whatever leads the query. */
function narrowing(filters: AdminOrdersFilters): SQL | undefined {
  return and(
    filters.status?.length ? inArray(orders.status, filters.status) : undefined,
    filters.from ? gte(orders.createdAt, new Date(filters.from)) : undefined,
    filters.to ? createdUpTo(filters.to) : undefined,
    filters.country ? eq(orders.countryIso, filters.country) : undefined,
    filters.operator ? eq(orders.operatorId, filters.operator) : undefined,
    filters.provider ? eq(orders.paymentProvider, filters.provider) : undefined,
    filters.cursor ? afterCursor(filters.cursor) : undefined,
  );
}

/**
 * What leads the query, each answered by an index in newest-first order: the kinds of search, else each status asked
 * for, else nothing (created_at itself). With several, each gives its own newest page and the union is cut to one
 * page, so no kind has to be read beyond a page.
 */
async function leads(db: Database, filters: AdminOrdersFilters): Promise<SQL[]> {
  if (filters.q) return searchConditions(db, filters.q);
  if (filters.status && filters.status.length > 1) return filters.status.map((status) => eq(orders.status, status));
  return [];
}

export interface AdminOrdersPage {
  orders: AdminOrderRow[];
  nextCursor: string | null;
}

/**
 * The statement that reads one page (and one order more, to tell whether another page follows): the console's rows,
 * and `extra` columns beside them (the CSV export's).
 */
export async function adminOrdersPageQuery<Extra extends SelectedFields = Record<never, never>>(
  db: Database,
  filters: AdminOrdersFilters,
  now: Date,
  extra: Extra = {} as Extra,
) {
  const pageSize = filters.limit ?? ADMIN_PAGE_SIZE;
  const narrow = narrowing(filters);
  const pageOf = (lead: SQL) =>
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(lead, narrow))
      .orderBy(...NEWEST_FIRST)
      .limit(pageSize + 1);
  const [first, second, ...rest] = await leads(db, filters);
  const where = second ? inArray(orders.id, union(pageOf(first!), pageOf(second), ...rest.map(pageOf))) : and(first, narrow);
  // Wrapped: a query builder is thenable, so an async function returning it would run it.
  return {
    pageSize,
    query: selectRows(db, now, { ...extra, cursorTime: cursorTimeSql })
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(pageSize + 1),
  };
}

export async function listAdminOrders(db: Database, filters: AdminOrdersFilters, now: Date): Promise<AdminOrdersPage> {
  const { pageSize, query } = await adminOrdersPageQuery(db, filters, now);
  const rows = await query;
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    orders: page.map(toAdminOrderRow),
    nextCursor: rows.length > pageSize && last ? encodeOrderCursor({ createdAt: last.cursorTime, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// The CSV export

/** What the export writes of an order beyond the list's row: its fees, amounts and every provider's reference. */
const exportColumns = {
  percentageFeeCents: orders.percentageFeeCents,
  standardFeeCents: orders.standardFeeCents,
  currency: orders.currency,
  localAmount: orders.localAmount,
  destinationCurrencyCode: orders.destinationCurrencyCode,
  deliveredAmount: orders.deliveredAmount,
  deliveredCurrencyCode: orders.deliveredCurrencyCode,
  paymentIntentId: orders.paymentId,
  customIdentifier: orders.customIdentifier,
  topupTransactionId: orders.topupTransactionId,
  operatorTransactionId: orders.operatorTransactionId,
  refundId: orders.refundId,
  failureCode: orders.failureCode,
  finishedAt: orders.finishedAt,
  providerCostCents: orders.providerCostCents,
  processorFeeCents: orders.processorFeeCents,
  disputedCents: orders.disputedCents,
  disputeFeeCents: orders.disputeFeeCents,
  discountCents: orders.discountCents,
};

/** One order as the CSV export writes it. */
export interface AdminOrderExportRow extends AdminOrderRow {
  percentageFeeCents: number;
  standardFeeCents: number;
  currency: string;
  localAmount: string | null;
  destinationCurrencyCode: string;
  deliveredAmount: string | null;
  deliveredCurrencyCode: string | null;
  paymentIntentId: string | null;
  customIdentifier: string;
  topupTransactionId: string | null;
  operatorTransactionId: string | null;
  refundId: string | null;
  failureCode: string | null;
  finishedAt: string | null;
  /** Cost and margin (ADR 050): null while not known. */
  providerCostCents: number | null;
  processorFeeCents: number | null;
  disputedCents: number | null;
  disputeFeeCents: number | null;
  /** What a promo code took off the total (ADR 067). */
  discountCents: number;
}

type ExportRowValues = Awaited<Awaited<ReturnType<typeof adminOrdersPageQuery<typeof exportColumns>>>['query']>[number];

/**
 * One order as the export writes it. Every field is written out rather than spread from the list's row: spreading an
 * object of this size per row made V8 build each one the slow way, and the export maps a million of them.
 */
function toAdminOrderExportRow(row: ExportRowValues): AdminOrderExportRow {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as OrderStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    userId: row.userId,
    customerEmail: row.customerEmail,
    countryCode: row.countryCode,
    recipientPhone: row.recipientPhone,
    callingCode: row.callingCodes?.[0] ?? null,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    amountCents: row.amountCents,
    totalCents: row.totalCents,
    paymentProvider: row.paymentProvider as PaymentProviderName,
    attention: row.attention,
    percentageFeeCents: row.percentageFeeCents,
    standardFeeCents: row.standardFeeCents,
    currency: row.currency,
    localAmount: row.localAmount,
    destinationCurrencyCode: row.destinationCurrencyCode,
    deliveredAmount: row.deliveredAmount,
    deliveredCurrencyCode: row.deliveredCurrencyCode,
    paymentIntentId: row.paymentIntentId,
    customIdentifier: row.customIdentifier,
    topupTransactionId: row.topupTransactionId,
    operatorTransactionId: row.operatorTransactionId,
    refundId: row.refundId,
    failureCode: row.failureCode,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    providerCostCents: row.providerCostCents,
    processorFeeCents: row.processorFeeCents,
    disputedCents: row.disputedCents,
    disputeFeeCents: row.disputeFeeCents,
    discountCents: row.discountCents,
  };
}

/** The export's filters: the list's, without its page (the export reads every page). */
export type AdminOrdersExportFilters = Omit<AdminOrdersFilters, 'cursor' | 'limit'>;

/**
 * Every order the list's filters select, newest first, a page of `pageSize` at a time: the list's own statement,
 * following its own cursor, so the export holds exactly the orders the list shows. Only one page is in memory at once;
 * the next is read when the caller asks for it. Orders created after the export starts are newer than its first page
 * and are left out.
 */
export async function* adminOrderExportPages(
  db: Database,
  filters: AdminOrdersExportFilters,
  now: Date,
  pageSize: number,
): AsyncGenerator<AdminOrderExportRow[]> {
  let cursor: OrderCursor | undefined;
  for (;;) {
    const { query } = await adminOrdersPageQuery(db, { ...filters, cursor, limit: pageSize }, now, exportColumns);
    const rows = await query;
    const page = rows.slice(0, pageSize);
    yield page.map(toAdminOrderExportRow);
    const last = page.at(-1);
    if (rows.length <= pageSize || !last) return;
    cursor = { createdAt: last.cursorTime, id: last.id };
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// One order

const orderNotFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.orderNotFound' });

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Everything the order knows, and its timeline (order_events, oldest first, with the admin behind each admin event). */
export async function adminOrderDetail(db: Database, orderId: string, now: Date): Promise<{ order: AdminOrderDetail; events: AdminOrderEvent[] }> {
  if (!UUID.test(orderId)) throw orderNotFound();
  const [found] = await selectRows(db, now, { order: orders, customerName: user.name, attentionSince: attentionSinceSql(now) }).where(
    eq(orders.id, orderId.toLowerCase()),
  );
  if (!found) throw orderNotFound();
  const { order, customerName, attentionSince } = found;
  const status = order.status as OrderStatus;
  const actor = alias(user, 'actor');
  const [eventRows, deliveryReport, dispute] = await Promise.all([
    db
      .select({ event: orderEvents, actorEmail: actor.email })
      .from(orderEvents)
      .leftJoin(actor, eq(actor.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id)),
    adminDeliveryReport(db, order.id),
    adminDisputeOf(db, order.id),
  ]);
  return {
    order: {
      ...toAdminOrderRow(found),
      customerName,
      orderKey: order.orderKey,
      percentageFeeCents: order.percentageFeeCents,
      standardFeeCents: order.standardFeeCents,
      discountCents: order.discountCents,
      promoCodeId: order.promoCodeId,
      currency: 'USD',
      localAmount: order.localAmount,
      destinationCurrencyCode: order.destinationCurrencyCode,
      planDescription: order.planDescription,
      receiptEmail: order.receiptEmail,
      paymentIntentId: order.paymentId,
      customIdentifier: order.customIdentifier,
      topupTransactionId: order.topupTransactionId,
      operatorTransactionId: order.operatorTransactionId,
      deliveredAmount: order.deliveredAmount,
      deliveredCurrencyCode: order.deliveredCurrencyCode,
      failureCode: order.failureCode,
      failureMessage: order.failureMessage,
      attentionNote: order.attentionReason,
      attentionSince: iso(attentionSince),
      nextCheckAt: iso(order.nextCheckAt),
      checkAttempts: order.checkAttempts,
      authorisedAt: iso(order.authorisedAt),
      threeDSecure: order.threeDSecure,
      liabilityShift: shiftsLiability(order.threeDSecure),
      finishedAt: iso(order.finishedAt),
      deliveredAt: iso(order.deliveredAt),
      refundId: order.refundId,
      refundedAt: iso(order.refundedAt),
      actions: adminActionsFor(status),
      deliveryReport,
      dispute,
      money: {
        capturedCents: capturedCentsOf(order),
        providerCostCents: order.providerCostCents,
        walletDebit: order.walletDebit,
        walletCurrencyCode: order.walletCurrencyCode ?? (order.walletDebit === null ? null : 'USD'),
        walletUsdRate: order.walletUsdRate,
        processorFeeCents: order.processorFeeCents,
        disputeFeeCents: order.disputeFeeCents,
        refundedCents: refundedCentsOf(order),
        disputedCents: order.disputedCents ?? 0,
        marginCents: marginCentsOf(order),
      },
    },
    events: eventRows.map(({ event, actorEmail }) => ({
      id: event.id,
      fromStatus: event.fromStatus as OrderStatus | null,
      toStatus: event.toStatus as OrderStatus,
      source: event.source,
      actorId: event.actorId,
      actorEmail,
      detail: event.detail,
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Needs attention

/** The orders that wait for a person, oldest first (at most ATTENTION_LIST_LIMIT), and how many there are in all. */
export async function listAttention(db: Database, now: Date): Promise<{ items: AttentionItem[]; count: number }> {
  const since = attentionSinceSql(now);
  const [rows, total] = await Promise.all([
    selectRows(db, now, { since }).where(needsAttention(now)).orderBy(asc(since), asc(orders.id)).limit(ATTENTION_LIST_LIMIT),
    countAttention(db, now),
  ]);
  const disputes = await adminDisputesOf(
    db,
    rows.filter((row) => row.attention === 'dispute').map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      order: toAdminOrderRow(row),
      reason: row.attention!,
      since: row.since!.toISOString(),
      ...(disputes.has(row.id) ? { dispute: disputes.get(row.id) } : {}),
    })),
    count: total,
  };
}
