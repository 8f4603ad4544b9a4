import { and, desc, eq, sql } from 'drizzle-orm';
import {
  displayStatusOf,
  paymentStateOf,
  type OrderStatus,
  type OrderView,
  type TopupResponse,
  type TopupResultStatus,
} from '../../shared/api/orders';
import type { PaymentMethod } from '../../shared/payment-method';
import { formatUsd } from '../../shared/pricing';
import { perDatabase, type Database } from '../db/client';
import { countries, orders } from '../db/schema';
import { canReportDelivery, latestDeliveryReports, toDeliveryReportView, type DeliveryReport } from './delivery-reports';
import type { Order } from './state-machine';

const HISTORY_LIMIT = 100;

export interface CountryFacts {
  name: string;
  callingCode: string | null;
}

/** The number as people write it abroad: +234 8031234567 (a national trunk 0 is dropped). */
export function internationalNumber(callingCode: string | null, nationalNumber: string): string {
  return callingCode ? `+${callingCode} ${nationalNumber.replace(/^0/, '')}` : nationalNumber;
}

/**
 * The stored recipient numbers (national digits) that a number's digits, as the browser repeats it, may stand for:
 * the stored number itself, or its international form (internationalNumber's digits with this calling code).
 */
export function storedNumbersMatching(digits: string, callingCode: string | null): string[] {
  if (!callingCode || !digits.startsWith(callingCode)) return [digits];
  const national = digits.slice(callingCode.length);
  // internationalNumber drops one leading 0: a stored number with it, or one without it that does not start with 0.
  return national.startsWith('0') ? [digits, `0${national}`] : [digits, national, `0${national}`];
}

/** What the result screen shows for an order's status: an authorised payment and later count as SUCCESSFUL (docs/product.md §4). */
export function resultStatusOf(status: OrderStatus): TopupResultStatus {
  switch (status) {
    // Refunded orders too were delivered: a refund gives the money back, not the top-up.
    case 'delivered':
    case 'completed':
    case 'capture_failed':
    case 'refunding':
    case 'refunded':
    case 'refund_failed':
      return 'SUCCESSFUL';
    case 'delivery_failed':
    case 'canceled':
    case 'expired':
    case 'declined':
      return 'FAILED';
    default:
      return 'PROCESSING';
  }
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/**
 * A top-up found delivered after a person had released its hold (ADR 041): the order stays canceled for the money,
 * with its deliveredAt, and its customer is told it was delivered and not charged.
 */
export function deliveredNotCharged(order: Pick<Order, 'status' | 'deliveredAt'>): boolean {
  return order.status === 'canceled' && order.deliveredAt !== null;
}

/** The result screen's status of this order: resultStatusOf, with a late delivery counted as delivered. */
function customerResultOf(order: Order): TopupResultStatus {
  return deliveredNotCharged(order) ? 'SUCCESSFUL' : resultStatusOf(order.status as OrderStatus);
}

/**
 * What reached the recipient: only a delivered top-up has a delivered amount (a failed provider record may carry one),
 * and a plan has none: its description says what was delivered.
 */
function deliveredAmountOf(order: Order) {
  const delivered = customerResultOf(order) === 'SUCCESSFUL' && order.planDescription === null;
  return {
    amount: delivered ? numberOrNull(order.deliveredAmount) : null,
    currency: delivered ? order.deliveredCurrencyCode : null,
  };
}

/** The order's latest "It didn't arrive" report, and the time eligibility is judged at. */
interface ReportFacts {
  latest: DeliveryReport | null;
  now: Date;
}

export function toOrderView(order: Order, country: CountryFacts, report: ReportFacts): OrderView {
  return {
    id: order.id,
    reference: order.reference,
    status: order.status as OrderStatus,
    displayStatus: deliveredNotCharged(order) ? 'successful' : displayStatusOf(order.status as OrderStatus),
    notCharged: deliveredNotCharged(order),
    createdAt: order.createdAt.toISOString(),
    countryCode: order.countryIso,
    countryName: country.name,
    callingCode: country.callingCode,
    recipientPhone: order.recipientPhone,
    operatorId: order.operatorId,
    operatorName: order.operatorName,
    amount: formatUsd(order.amountCents),
    fee: formatUsd(order.percentageFeeCents + order.standardFeeCents),
    discount: formatUsd(order.discountCents),
    totalAmount: formatUsd(order.totalCents),
    currency: 'USD',
    localAmount: numberOrNull(order.localAmount),
    destinationCurrencyCode: order.destinationCurrencyCode,
    deliveredAmount: deliveredAmountOf(order).amount,
    deliveredAmountCurrencyCode: deliveredAmountOf(order).currency,
    transactionId: order.topupTransactionId,
    paymentIntentId: order.paymentId,
    paymentMethod: paymentMethodOf(order),
    failureMessage: deliveredNotCharged(order) ? null : order.failureMessage,
    failureCode: deliveredNotCharged(order) ? null : order.failureCode,
    planDescription: order.planDescription,
    hasPin: hasPin(order),
    deliveryReport: report.latest ? toDeliveryReportView(report.latest) : null,
    canReportDelivery: canReportDelivery(order, report.latest, report.now),
  };
}

/** What the order was paid with, as recorded at its authorisation (ADR 042); null before, or when the provider did not say. */
export function paymentMethodOf(order: Pick<Order, 'paymentMethodType' | 'paymentMethodBrand' | 'paymentMethodLast4'>): PaymentMethod | null {
  if (!order.paymentMethodType) return null;
  return { type: order.paymentMethodType, brand: order.paymentMethodBrand, last4: order.paymentMethodLast4 };
}

/** A PIN is shown only for a delivered top-up that has one. */
export function hasPin(order: Order): boolean {
  return order.pinDetailEncrypted !== null && customerResultOf(order) === 'SUCCESSFUL';
}

export function toTopupResponse(order: Order, country: CountryFacts): TopupResponse {
  const status = customerResultOf(order);
  return {
    success: status !== 'FAILED',
    orderId: order.id,
    reference: order.reference,
    status,
    recipientPhone: internationalNumber(country.callingCode, order.recipientPhone),
    operatorName: order.operatorName,
    requestedAmount: order.amountCents / 100,
    requestedAmountCurrencyCode: 'USD',
    deliveredAmount: deliveredAmountOf(order).amount,
    deliveredAmountCurrencyCode: deliveredAmountOf(order).currency,
    transactionId: order.topupTransactionId,
    paymentIntentId: order.paymentId,
    paymentMethod: paymentMethodOf(order),
    transactionDate: order.transactionDate,
    planDescription: order.planDescription,
    hasPin: hasPin(order),
    payment: paymentStateOf(order.status as OrderStatus, order.authorisedAt !== null),
    ...(order.status === 'in_review' ? { inReview: true } : {}),
    ...(status === 'FAILED'
      ? {
          message: order.failureMessage ?? 'The top-up could not be delivered.',
          ...(order.failureCode ? { errorCode: order.failureCode } : {}),
          technicalDetails: `Order ${order.id}${order.topupTransactionId ? `, transaction ${order.topupTransactionId}` : ''}: ${order.status}`,
        }
      : {}),
  };
}

/** Country names and calling codes per database: the catalog's countries are written only when the server starts. */
const countryFactsCache = new WeakMap<Database, Map<string, CountryFacts>>();

export async function countryFacts(db: Database, iso: string): Promise<CountryFacts> {
  let known = countryFactsCache.get(db);
  if (!known) countryFactsCache.set(db, (known = new Map()));
  const cached = known.get(iso);
  if (cached) return cached;
  const [row] = await db.select({ name: countries.name, callingCodes: countries.callingCodes }).from(countries).where(eq(countries.isoName, iso));
  if (!row) return { name: iso, callingCode: null };
  const facts = { name: row.name, callingCode: row.callingCodes[0] ?? null };
  known.set(iso, facts);
  return facts;
}

/** The user's orders, newest first (at most 100), each with its latest report. */
export async function listOrderViews(db: Database, userId: string, now: Date): Promise<OrderView[]> {
  const rows = await db
    .select({ order: orders, name: countries.name, callingCodes: countries.callingCodes })
    .from(orders)
    .leftJoin(countries, eq(countries.isoName, orders.countryIso))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(HISTORY_LIMIT);
  const reports = await latestDeliveryReports(
    db,
    rows.map(({ order }) => order.id),
  );
  return rows.map(({ order, name, callingCodes }) =>
    toOrderView(order, { name: name ?? order.countryIso, callingCode: callingCodes?.[0] ?? null }, { latest: reports.get(order.id) ?? null, now }),
  );
}

/** The user's order by id, and by payment (every top-up call reads it so), prepared once per database. */
const userOrderQueries = perDatabase((db) => ({
  byId: db
    .select()
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('id')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('user_order_by_id'),
  byPayment: db
    .select()
    .from(orders)
    .where(and(eq(orders.paymentId, sql.placeholder('paymentId')), eq(orders.userId, sql.placeholder('userId'))))
    .prepare('user_order_by_payment'),
}));

/** One of the user's own orders; undefined for another user's (so nobody learns it exists). */
export async function findUserOrder(db: Database, userId: string, where: { id: string } | { paymentId: string }): Promise<Order | undefined> {
  const queries = userOrderQueries(db);
  const [order] =
    'id' in where ? await queries.byId.execute({ id: where.id, userId }) : await queries.byPayment.execute({ paymentId: where.paymentId, userId });
  return order;
}
