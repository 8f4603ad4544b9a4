import { asc, count, eq } from 'drizzle-orm';
import type { AdminRiskReview, FiredRule, OrderRiskView, RiskAction } from '../../shared/api/risk';
import type { Database } from '../db/client';
import { orderRiskSignals, orders, user } from '../db/schema';

/*
 * The risk desk's "Needs review" queue (ADR 046, 059): the orders held, authorised and unsent, until a person approves
 * or rejects them or their window ends. Both reads go by the orders' (status, created_at) index.
 */

/** The most orders the queue lists at once; the count says how many wait in all. */
export const REVIEW_LIST_LIMIT = 200;

type RiskRow = typeof orderRiskSignals.$inferSelect;

/** An order's recorded signals as the console shows them (its order page and the queue). */
export const riskViewOf = (row: RiskRow): OrderRiskView => ({
  checkout: row.checkout,
  payment: row.payment,
  checkoutDecision: row.checkoutDecision as RiskAction,
  paymentDecision: row.paymentDecision as RiskAction | null,
  firedRules: row.firedRules as unknown as FiredRule[],
  clientAddress: row.clientAddress,
});

/** The orders in review, the longest held first, with their reference, the payer's e-mail, what was read and what fired. */
export async function listReviews(db: Database): Promise<AdminRiskReview[]> {
  const rows = await db
    .select({ order: orders, risk: orderRiskSignals, customerEmail: user.email })
    .from(orders)
    .leftJoin(orderRiskSignals, eq(orderRiskSignals.orderId, orders.id))
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.status, 'in_review'))
    .orderBy(asc(orders.authorisedAt), asc(orders.id))
    .limit(REVIEW_LIST_LIMIT);
  return rows.map(({ order, risk, customerEmail }) => ({
    orderId: order.id,
    reference: order.reference,
    userId: order.userId,
    customerEmail,
    totalCents: order.totalCents,
    countryIso: order.countryIso,
    recipientPhone: order.recipientPhone,
    heldSince: order.authorisedAt?.toISOString() ?? null,
    reviewEndsAt: order.nextCheckAt?.toISOString() ?? null,
    risk: risk ? riskViewOf(risk) : null,
  }));
}

/** How many orders wait in review: the number beside the console's "Needs review" entry. */
export async function countReviews(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(orders).where(eq(orders.status, 'in_review'));
  return row?.count ?? 0;
}
