import { z } from 'zod';
import type { DeliveryReportStatus } from './delivery-reports';
import { undisguised } from './free-text';
import type { AdminDispute } from './admin-disputes';
import { ORDER_STATUSES, type OrderStatus } from './orders';

/**
 * The operations console's calls (/api/admin/*). Every route is behind requireAdmin on the server: visitors get 401,
 * signed-in non-admins and admins whose session has not given a two-factor code get 403.
 *
 * Money travels as integer USD cents (the console shows them as money); times as ISO 8601 strings. Lists are
 * newest first and paginated by an opaque `cursor` (keyset pagination): pass `nextCursor` back to read the next page.
 */

/** How many rows a page of a list holds unless `limit` asks for another number (1–100). */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** An admin's reason for an action: required, trimmed, at most this long. */
export const ADMIN_REASON_MAX_LENGTH = 500;

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

// ---------------------------------------------------------------------------------------------------------------------
// Shared pieces

/** An opaque keyset cursor (a list's nextCursor). */
export const cursorSchema = z.string().trim().min(1).max(500).optional();
/** A page's size, 1–100 (ADMIN_PAGE_SIZE unless given). */
export const limitSchema = z.coerce
  .number()
  .int('limit must be a whole number')
  .min(1, 'limit must be 1–100')
  .max(ADMIN_PAGE_SIZE_MAX, 'limit must be 1–100')
  .optional();
/** Within the years the database can be asked about (a year past 9999 is written +010000, which it refuses). */
const isQueryDate = (value: string) => {
  const time = Date.parse(value);
  const year = new Date(time).getUTCFullYear();
  return !Number.isNaN(time) && year >= 1 && year <= 9999;
};
/** A date or date-time in a query string (`2026-11-24` or full ISO 8601). */
export const queryDateSchema = z.string().trim().refine(isQueryDate, 'must be a date (YYYY-MM-DD or ISO 8601)').optional();
/**
 * A text filter typed by an admin (a search box, an actor, an id): at most `max` characters and no NUL character,
 * which PostgreSQL text cannot hold — refused here, naming the field, rather than failing the query.
 */
export const adminTextFilter = (field: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${field} must not contain a NUL character`)
    .optional();
/** A list in a query string, comma-separated (`status=completed,canceled`) or repeated. */
const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item).max(20)).optional();

/** Body of every admin action: why it is done (kept on the order's timeline and in the audit log). */
export const adminReasonBodySchema = z.object({
  reason: z
    .string('reason is required')
    .trim()
    .min(1, 'reason is required')
    .max(ADMIN_REASON_MAX_LENGTH, `reason must be at most ${ADMIN_REASON_MAX_LENGTH} characters`)
    .superRefine(undisguised('text')),
});
export type AdminReasonBody = z.input<typeof adminReasonBodySchema>;

/**
 * Rejecting an order in review (ADR 046): the hold is released; the account may be blocked (with a reason of its own,
 * `blockReason`, else the rejection's: the customer's page shows it) and the card blocklisted (ADR 059).
 */
export const adminReviewRejectBodySchema = adminReasonBodySchema.extend({
  blockAccount: z.boolean('blockAccount must be true or false').optional(),
  blockReason: adminReasonBodySchema.shape.reason.optional(),
  blocklistCard: z.boolean('blocklistCard must be true or false').optional(),
});
export type AdminReviewRejectBody = z.input<typeof adminReviewRejectBodySchema>;

export interface AdminPage {
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

// ---------------------------------------------------------------------------------------------------------------------
// Orders

/** GET /api/admin/orders — filters combine (AND); `status` may name several (OR among them). */
export const adminOrdersQuerySchema = z.object({
  status: queryList(z.enum(ORDER_STATUSES, 'status must be one of the order statuses')),
  /** Created at or after (inclusive) / before the end of (inclusive, a bare date means the whole day). */
  from: queryDateSchema,
  to: queryDateSchema,
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'country must be a 2-letter ISO code')
    .transform((code) => code.toUpperCase())
    .optional(),
  operator: z.coerce.number().int().positive('operator must be an operator id').max(2_147_483_647, 'operator must be an operator id').optional(),
  provider: z.enum(PAYMENT_PROVIDERS, 'provider must be sandbox or stripe').optional(),
  /**
   * One search box: an order id, payment-intent id, top-up transaction id, customIdentifier, the recipient's number
   * (national, or international with or without + and the calling code) or the customer's e-mail.
   */
  q: adminTextFilter('q'),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/**
 * GET /api/admin/orders/export.csv — every order the list's filters select (the same filters, read the same way), as
 * one CSV file streamed page by page: a header row, money as decimal strings ("12.34"), times in ISO 8601 (UTC).
 */
export const ADMIN_ORDERS_EXPORT_PATH = '/api/admin/orders/export.csv';
export const adminOrdersExportQuerySchema = adminOrdersQuerySchema.omit({ cursor: true, limit: true });
export type AdminOrdersExportQuery = z.input<typeof adminOrdersExportQuerySchema>;

/** One row of the orders table. */
export interface AdminOrderRow {
  id: string;
  /** The short reference customers quote, GT-XXXX-XXXX (shared/order-reference.ts). */
  reference: string;
  status: OrderStatus;
  createdAt: string;
  updatedAt: string;
  userId: string;
  customerEmail: string;
  countryCode: string;
  /** National number, digits only. */
  recipientPhone: string;
  /** Digits only, e.g. "234"; null when the catalogue does not know the country. */
  callingCode: string | null;
  operatorId: number;
  operatorName: string;
  amountCents: number;
  totalCents: number;
  paymentProvider: PaymentProviderName;
  /** Why the order waits for a person, if it does (see AttentionReason). */
  attention: AttentionReason | null;
}

export interface AdminOrdersResponse extends AdminPage {
  success: true;
  orders: AdminOrderRow[];
}

/** One row of order_events: a move of the order, or an admin's action on it. */
export interface AdminOrderEvent {
  id: number;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  /** browser, webhook, reconciler, checkout or admin. */
  source: string;
  /** For admin events: who. */
  actorId: string | null;
  actorEmail: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

/** GET /api/admin/orders/:id — everything the order knows. */
export interface AdminOrderDetail extends AdminOrderRow {
  customerName: string;
  /** The order's dispute, null when it has none (ADR 060). */
  dispute?: AdminDispute | null;
  orderKey: string;
  percentageFeeCents: number;
  standardFeeCents: number;
  /** A promo code's discount (ADR 067), and the code; 0 and null without one. */
  discountCents?: number;
  promoCodeId?: number | null;
  currency: 'USD';
  localAmount: string | null;
  destinationCurrencyCode: string;
  planDescription: string | null;
  receiptEmail: string | null;
  paymentIntentId: string | null;
  customIdentifier: string;
  topupTransactionId: string | null;
  operatorTransactionId: string | null;
  deliveredAmount: string | null;
  deliveredCurrencyCode: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** The free-text reason the fulfilment recorded when it flagged the order (attention_reason). */
  attentionNote: string | null;
  /** Since when the order needs a person (AttentionItem.since); null when `attention` is. */
  attentionSince: string | null;
  nextCheckAt: string | null;
  checkAttempts: number;
  authorisedAt: string | null;
  /** How 3-D Secure ended for the payment (ThreeDSecureResult); null when the card was not asked. */
  threeDSecure: string | null;
  /** Whether a fraud dispute is the card issuer's liability (3-D Secure authenticated or attempted). */
  liabilityShift: boolean;
  finishedAt: string | null;
  /**
   * When the top-up was found delivered; for a canceled order, a top-up delivered after its hold was released (ADR
   * 041): the customer got the airtime and was not charged.
   */
  deliveredAt: string | null;
  refundId: string | null;
  refundedAt: string | null;
  /** The actions the order's status allows now (the server checks again when one is asked for). */
  actions: AdminOrderAction[];
  /** The order's latest "It didn't arrive" report, open or resolved; null when the customer never made one. */
  deliveryReport: AdminDeliveryReport | null;
  /** What the order cost us and what it left (ADR 050); the console only, never a customer. */
  money: AdminOrderMoney;
}

/**
 * An order's cost and margin, in USD cents: the top-up provider's debit of our wallet (and that debit in the wallet's
 * own currency with the rate it was converted at), the processor's fees (the charge's and a dispute's), what was given
 * back, and the margin: what the customer paid − the provider's cost − the processor's fees − refunds and disputes.
 * A cost or fee not known (yet) is null and counts as 0 in the margin.
 */
export interface AdminOrderMoney {
  capturedCents: number;
  providerCostCents: number | null;
  walletDebit: string | null;
  walletCurrencyCode: string | null;
  walletUsdRate: string | null;
  processorFeeCents: number | null;
  disputeFeeCents: number | null;
  refundedCents: number;
  disputedCents: number;
  marginCents: number;
}

/** A customer's "It didn't arrive" report as the console shows it (shared/api/delivery-reports.ts). */
export interface AdminDeliveryReport {
  id: string;
  status: DeliveryReportStatus;
  /** The customer's own words, if any. */
  message: string | null;
  /** For 'delivered': the operator's reference the admin confirmed; for 'refunded', the payment's refund id. */
  resolutionReference: string | null;
  /** The resolving admin's reason. */
  resolutionNote: string | null;
  resolvedByEmail: string | null;
  resolvedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What an admin does with an open report: POST /api/admin/orders/:id/delivery-report/checking (reported → checking)
 * with AdminReasonBody, and …/delivered (reported or checking → delivered) with AdminResolveDeliveredBody. To resolve
 * it as refunded, the admin refunds the order (`refund`): its move to refunded resolves the report. A report that
 * changed meanwhile answers 409 with `details.status`; an order without a report, 404.
 */
export const ADMIN_DELIVERY_REPORT_ACTIONS = ['checking', 'delivered'] as const;
export type AdminDeliveryReportAction = (typeof ADMIN_DELIVERY_REPORT_ACTIONS)[number];
export const ADMIN_DELIVERY_REFERENCE_MAX_LENGTH = 200;

/** `reference`: the operator's reference that shows the top-up was delivered; the order's operator transaction id when left out. */
export const adminResolveDeliveredBodySchema = adminReasonBodySchema.extend({
  reference: adminTextFilter('reference', ADMIN_DELIVERY_REFERENCE_MAX_LENGTH).unwrap().superRefine(undisguised('text')).optional().nullable(),
});
export type AdminResolveDeliveredBody = z.input<typeof adminResolveDeliveredBodySchema>;

export interface AdminOrderResponse {
  success: true;
  order: AdminOrderDetail;
  events: AdminOrderEvent[];
}

/**
 * What an admin can do to an order (POST /api/admin/orders/:id/<action> with AdminReasonBody), each guarded by the
 * state machine: `check` runs the reconciler's fulfil now; `release` cancels the hold of an order that is not
 * delivered; `refund` gives a completed order's money back. An order that changed meanwhile, or whose status does not
 * allow the action, answers 409 with `details.status`.
 */
export const ADMIN_ORDER_ACTIONS = ['check', 'release', 'refund', 'approve', 'reject'] as const;
export type AdminOrderAction = (typeof ADMIN_ORDER_ACTIONS)[number];

/**
 * The actions an order's status allows. The server checks again, under the order's lock, when one is asked for:
 * - check: anything not final (the reconciler's own fulfil, which does nothing to an order that needs nothing);
 * - release: a hold on an order that is not delivered (the server first looks a sent top-up up, as the reconciler does);
 * - refund: a completed (captured) order. A refund the provider refused (refund_failed), or one left mid-way
 *   (refunding), is tried again by `check`.
 */
export function adminActionsFor(status: OrderStatus): AdminOrderAction[] {
  switch (status) {
    case 'created':
    case 'delivering':
    case 'delivered':
    case 'capture_failed':
    case 'refunding':
    case 'refund_failed':
      return ['check'];
    case 'authorised':
    case 'delivery_pending':
    case 'delivery_failed':
      return ['check', 'release'];
    case 'completed':
      return ['refund'];
    case 'in_review':
      return ['approve', 'reject'];
    case 'canceled':
    case 'expired':
    case 'declined':
    case 'refunded':
      return [];
  }
}

export interface AdminOrderActionResponse {
  success: true;
  order: AdminOrderDetail;
}

// ---------------------------------------------------------------------------------------------------------------------
// Needs attention

/**
 * Why an order is in the attention queue:
 * - capture_failed: delivered, but the payment could not be captured;
 * - delivery_stuck: delivery_pending or delivering for more than 10 minutes;
 * - long_hold: a payment authorisation held for more than 12 hours;
 * - late_delivery: delivered after its authorisation was released (the customer was not charged);
 * - dispute: the customer disputed the payment with their bank;
 * - refund_failed: a refund the payment provider refused;
 * - flagged: the fulfilment put it in front of a person for another reason (AdminOrderDetail.attentionNote says which);
 * - delivery_report: the customer reported that the top-up did not arrive, and the report is open
 *   (AdminOrderDetail.deliveryReport).
 */
export const ATTENTION_REASONS = [
  'capture_failed',
  'delivery_stuck',
  'long_hold',
  'late_delivery',
  'dispute',
  'refund_failed',
  'flagged',
  'delivery_report',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** Orders in delivery_pending or delivering longer than this need a person. */
export const ATTENTION_STUCK_DELIVERY_MS = 10 * 60 * 1000;
/** Authorisations held longer than this need a person. */
export const ATTENTION_LONG_HOLD_MS = 12 * 60 * 60 * 1000;

export interface AttentionItem {
  order: AdminOrderRow;
  reason: AttentionReason;
  /** Since when the order needs a person. */
  since: string;
  /** For a dispute: its amount, reason, status and due date (ADR 060); absent otherwise. */
  dispute?: AdminDispute | null;
}

/** GET /api/admin/attention — oldest first, every reason at once: the 200 oldest items, and `count` of them all. */
export interface AdminAttentionResponse {
  success: true;
  items: AttentionItem[];
  count: number;
}

/** GET /api/admin/attention/count — for the navigation's badge. */
export interface AdminAttentionCountResponse {
  success: true;
  count: number;
}

// ---------------------------------------------------------------------------------------------------------------------
// Customers

/** GET /api/admin/customers — by e-mail, name or id (part of any of them); newest accounts first. */
export const adminCustomersQuerySchema = z.object({
  q: adminTextFilter('q'),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminCustomersQuery = z.input<typeof adminCustomersQuerySchema>;

export interface AdminCustomerRow {
  id: string;
  email: string;
  name: string;
  username: string | null;
  emailVerified: boolean;
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  blocked: boolean;
  createdAt: string;
}

export interface AdminCustomersResponse extends AdminPage {
  success: true;
  customers: AdminCustomerRow[];
}

export interface AdminCustomerSession {
  id: string;
  createdAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  secondFactorVerified: boolean;
}

/** GET /api/admin/customers/:id */
export interface AdminCustomerDetail extends AdminCustomerRow {
  blockedAt: string | null;
  blockedReason: string | null;
  language: string;
  /** 'credential' (e-mail and password), 'google', … */
  signInMethods: string[];
  sessions: AdminCustomerSession[];
  totals: {
    /** Captured (completed) orders. */
    paidCents: number;
    refundedCents: number;
    /** Held or paid in the last 24 hours, as the daily cap counts it. */
    last24hCents: number;
    dailyLimitCents: number;
    orderCount: number;
  };
}

export interface AdminCustomerResponse {
  success: true;
  customer: AdminCustomerDetail;
  /** The customer's latest orders (at most 50); the orders page filtered by their e-mail has all of them. */
  orders: AdminOrderRow[];
}

/**
 * What an admin can do to a customer: POST /api/admin/customers/:id/<action> with AdminReasonBody (`admin` also takes
 * `isAdmin`). Blocking ends all sessions at once; `admin` never removes the last admin, and no admin changes their own
 * rights or blocks themselves (409).
 */
export const ADMIN_CUSTOMER_ACTIONS = ['block', 'unblock', 'end-sessions', 'admin'] as const;
export type AdminCustomerAction = (typeof ADMIN_CUSTOMER_ACTIONS)[number];

export const adminSetAdminBodySchema = adminReasonBodySchema.extend({ isAdmin: z.boolean('isAdmin must be true or false') });
export type AdminSetAdminBody = z.input<typeof adminSetAdminBodySchema>;

export interface AdminCustomerActionResponse {
  success: true;
  customer: AdminCustomerDetail;
}
