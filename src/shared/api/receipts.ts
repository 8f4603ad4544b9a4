import type { PaymentMethod } from '../payment-method';
import type { OrderDisplayStatus } from './orders';

/**
 * GET /api/orders/:id/receipt — one of the signed-in customer's orders as its receipt shows it, the printable page and
 * the e-mailed receipts alike (src/server/mail/receipt-emails.ts). Another customer's order answers 404.
 */
export interface Receipt {
  /** The order's short reference, GT-XXXX-XXXX: what the customer quotes to support, shown first. */
  reference: string;
  /** The order's id (the receipt page's address), shown among the technical details. */
  orderId: string;
  displayStatus: OrderDisplayStatus;
  /** Delivered after its payment hold had been released (ADR 041): displayStatus is successful, nothing was charged. */
  notCharged: boolean;
  /** When the order was placed (ISO 8601). */
  placedAt: string;
  /** When the payment was given back (ISO 8601); null unless refunded. */
  refundedAt: string | null;
  /** "+234 803 123 4567". */
  recipientNumber: string;
  countryCode: string;
  countryName: string;
  operatorName: string;
  /** What the recipient got (or, before delivery, was priced to get) in the destination currency; null without a rate. */
  recipientAmount: number | null;
  recipientCurrency: string;
  /** For bundles and data plans: the plan bought, shown instead of an amount. */
  planDescription: string | null;
  /** Destination currency per 1 USD, as the order was priced; null when the operator gives no rate. */
  rate: number | null;
  /** USD, integer cents: the top-up, the service fee (percentage and flat parts) and their total. */
  amountCents: number;
  feeCents: number;
  /** What a promo code took off (ADR 067); the total is after it. Absent or 0: none. */
  discountCents?: number;
  totalCents: number;
  /** The operator's own reference for the top-up, and the top-up provider's transaction id. */
  operatorTransactionId: string | null;
  transactionId: string | null;
  /** Why a failed top-up failed (shared/api/failure-reasons.ts). */
  failureCode: string | null;
  /** What the customer paid with (card brand and last four, or the wallet); null when the payment never authorised. */
  paymentMethod: PaymentMethod | null;
}

/** Who sold the top-up, as every receipt names it (the server's MERCHANT_* configuration). */
export interface Merchant {
  /** The business's legal name. */
  legalName: string;
  /** Its postal address, on one line. */
  address: string;
  supportEmail: string;
  /** International form, e.g. "+1 415 555 0100". */
  supportPhone: string;
}

export interface ReceiptResponse {
  success: true;
  receipt: Receipt;
  merchant: Merchant;
}
