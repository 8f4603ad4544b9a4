import { desc, eq } from 'drizzle-orm';
import type { Merchant } from '../../shared/api/receipts';
import type { Database } from '../db/client';
import { orderRiskSignals, orders, session, user } from '../db/schema';
import { receiptEmail } from '../mail/receipt-emails';
import type { DisputeEvidence } from '../payments/provider';
import { type DisputeRow } from './disputes';
import { toReceipt } from './receipt-view';
import { countryFacts } from './views';

/*
 * The evidence of a dispute (docs/decisions/060-disputes-a-person-can-win.md), assembled from what we keep: the order,
 * the top-up provider's delivery record, the customer's e-mail and risk signals, the 3-D Secure result, the account's
 * sign-ins and the receipt. One plain-text record, the same a person downloads and the provider is sent.
 */

/** The sign-ins listed: the latest ones (Stripe keeps 20,000 characters of each evidence field). */
export const SIGN_INS_LISTED = 20;

export interface AssembledEvidence {
  /** The record as a person reads it (the downloaded file). */
  text: string;
  /** The record in the provider's evidence fields, before the admin's statement is added. */
  fields: Omit<DisputeEvidence, 'uncategorizedText'>;
  reference: string;
}

const usd = (cents: number | null) => (cents === null ? '—' : `${(cents / 100).toFixed(2)} USD`);
const time = (value: Date | null) => (value ? value.toISOString() : '—');
const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '—' : String(value));
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The facts of an order's evidence; null when there is no such order. */
async function readFacts(db: Database, orderId: string) {
  const [row] = await db
    .select({ order: orders, email: user.email, signals: orderRiskSignals })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .leftJoin(orderRiskSignals, eq(orderRiskSignals.orderId, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const signIns = await db
    .select({ createdAt: session.createdAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, row.order.userId))
    .orderBy(desc(session.createdAt))
    .limit(SIGN_INS_LISTED);
  return { ...row, signIns };
}

/**
 * The record of an order's dispute. The sign-ins are those Better Auth still keeps (an ended session is deleted), newest
 * first. The receipt is the one e-mailed at completion, in English.
 */
export async function assembleDisputeEvidence(
  db: Database,
  orderId: string,
  dispute: DisputeRow,
  context: { publicUrl: string; merchant: Merchant },
): Promise<AssembledEvidence | null> {
  const facts = await readFacts(db, orderId);
  if (!facts) return null;
  const { order, email, signals, signIns } = facts;
  const checkout = signals?.checkout ?? {};
  const payment = signals?.payment ?? {};
  const country = await countryFacts(db, order.countryIso);
  const receipt = receiptEmail('completed', toReceipt(order, country), {
    to: email,
    language: 'en',
    publicUrl: context.publicUrl,
    merchant: context.merchant,
  });
  const product = `Mobile airtime top-up of ${orDash(order.operatorName)} (${country.name}), ${usd(order.amountCents)} face value, sent to the recipient's phone number.`;
  const accessLog = signIns.length
    ? signIns.map((signIn) => `${signIn.createdAt.toISOString()}  ${orDash(signIn.ipAddress)}  ${orDash(signIn.userAgent)}`).join('\n')
    : 'No sign-in kept.';
  const lines = [
    `Dispute evidence: order ${order.reference}`,
    `Merchant: ${context.merchant.legalName}, ${context.merchant.address} (${context.merchant.supportEmail})`,
    '',
    'DISPUTE',
    `Dispute: ${dispute.id}`,
    `Amount: ${usd(dispute.amountCents)}`,
    `Reason: ${dispute.reason}`,
    `Opened: ${time(dispute.openedAt)}`,
    `Evidence due by: ${time(dispute.evidenceDueBy)}`,
    '',
    'ORDER',
    `Reference: ${order.reference}`,
    `Order id: ${order.id}`,
    `Top-up amount: ${usd(order.amountCents)}`,
    `Fees: ${usd(order.percentageFeeCents + order.standardFeeCents)}`,
    `Total charged: ${usd(order.totalCents)}`,
    `Placed: ${time(order.createdAt)}`,
    `Payment authorised: ${time(order.authorisedAt)}`,
    `Completed: ${time(order.finishedAt)}`,
    `Payment: ${orDash(order.paymentMethodType)} ${orDash(order.paymentMethodBrand)} •••• ${orDash(order.paymentMethodLast4)}`,
    `3-D Secure: ${order.threeDSecure ?? 'not asked'}`,
    '',
    "DELIVERY (the top-up provider's record)",
    `Transaction id: ${orDash(order.topupTransactionId)}`,
    `Operator: ${orDash(order.operatorName)} (${order.countryIso})`,
    `Operator's reference: ${orDash(order.operatorTransactionId)}`,
    `Delivered at: ${time(order.deliveredAt)}`,
    `Delivered amount: ${orDash(order.deliveredAmount)} ${orDash(order.deliveredCurrencyCode)}`,
    '',
    'CUSTOMER',
    `E-mail: ${email}`,
    `IP address at checkout: ${orDash(signals?.clientAddress)}`,
    `Address country (of the IP address): ${orDash(textOf(checkout.addressCountry))}`,
    `Card's issuing country: ${orDash(textOf(payment.cardCountry))}`,
    `Recipient's country: ${order.countryIso}`,
    '',
    `SIGN-INS (latest ${SIGN_INS_LISTED}: time, IP address, browser)`,
    accessLog,
    '',
    'RECEIPT (as e-mailed to the customer)',
    receipt.text,
  ];
  return {
    text: `${lines.join('\n')}\n`,
    reference: order.reference,
    fields: {
      productDescription: product,
      customerEmailAddress: email,
      customerPurchaseIp: signals?.clientAddress ?? null,
      serviceDate: order.deliveredAt ? order.deliveredAt.toISOString().slice(0, 10) : null,
      accessActivityLog: accessLog,
    },
  };
}
