import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../text-rules';
import type { DeliveryReportView } from './delivery-reports';
import type { PaymentMethod } from '../payment-method';
import type { AcceptedPayment } from '../accepted-payments';

/**
 * Checkout calls (docs/product.md §7 create-payment-intent and topup) and the order history. Amounts travel as 2-decimal USD
 * strings, as the calls of docs/product.md §7 send them; the server keeps integer cents.
 */

/** A USD amount as the browser sends it: "10" or "10.5" or "10.50". */
const usdAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(?:\.\d{1,2})?$/, 'Amount must be a USD amount with at most 2 decimals');

/** POST /api/create-payment-intent — docs/product.md §7 `amount` + `email`, plus what binds the payment to one order. */
export const createPaymentIntentBodySchema = z.object({
  /** USD before fees. */
  amount: usdAmountSchema,
  /** The receipt address; the account's address when absent. */
  email: z.email('Enter a valid e-mail address').max(EMAIL_MAX_LENGTH, 'Enter a valid e-mail address').optional(),
  /** Generated once per checkout attempt in the browser: a retried click finds the same order. */
  orderKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'orderKey must be 8–64 letters, digits, - or _'),
  /** The operator the customer chose: the detected one, or another the country's list offers (ADR 055). */
  operatorId: z.coerce.number().int().positive('operatorId must be a positive integer'),
  /** The operator detection found for the number, kept with the order; absent when it found none. */
  detectedOperatorId: z.coerce.number().int().positive('detectedOperatorId must be a positive integer').optional(),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countryCode must be a 2-letter ISO code')
    .transform((code) => code.toUpperCase()),
  /** National number, digits only. */
  phone: z.string().regex(/^\d{6,15}$/, 'phone must be 6–15 digits'),
  /** What the browser showed as the service fee and total; refused when they differ from the server's price. */
  fee: usdAmountSchema.optional(),
  totalAmount: usdAmountSchema.optional(),
  /** A promo code as the customer typed it (any case, spaces, dashes): priced again by the server (ADR 067). */
  promoCode: z.string('apiErrors.promoUnknown').max(64, 'apiErrors.promoUnknown').optional(),
  /**
   * How the payment step pays (ADR 063): `saveCard` keeps the card that pays for next time; `savedCardId` pays with one
   * of the customer's saved cards (another customer's, or a removed one: 404). Sent again with the same order key
   * when the payer changes their mind: the order's unpaid payment is changed, and the call is not a new checkout.
   */
  saveCard: z.boolean().optional(),
  savedCardId: z.uuid('savedCardId must be a saved card id').optional(),
});
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentBodySchema>;

export interface CreatePaymentIntentResponse {
  success: true;
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
  /** The server's price, 2-decimal USD strings. */
  amount: string;
  fee: string;
  totalAmount: string;
  /** What a promo code took off (ADR 067); "0.00" without one. */
  discount?: string;
  currency: 'USD';
  /** With Stripe, for a customer who has one: what the Payment Element lists their saved cards with (a CustomerSession). */
  customerSessionClientSecret?: string;
  /** With a saved card chosen: the provider's id of it, which the sandbox's payment form confirms with. */
  paymentMethodId?: string;
}

/** GET /api/payment-config — which payment form the browser shows. */
export interface PaymentConfigResponse {
  provider: 'sandbox' | 'stripe';
  /** Stripe's publishable key; null for the sandbox. */
  publishableKey: string | null;
  /** Test keys (and the sandbox) show the test-mode notice (docs/product.md §2 step 5). */
  testMode: boolean;
  /** What the checkout takes (shared/accepted-payments.ts): the footer's "We accept" shows these. */
  accepts: AcceptedPayment[];
}

/** POST /api/reloadly/topup — docs/product.md §7 body. The order is found by paymentIntentId; the other fields must match it. */
export const topupBodySchema = z.object({
  paymentIntentId: z.string().min(1, 'paymentIntentId is required').max(255),
  operatorId: z.coerce.string().regex(/^\d+$/, 'operatorId must be digits').optional(),
  amount: usdAmountSchema.optional(),
  useLocalAmount: z.literal(false).optional(),
  /** The browser's 'topup-<timestamp>'; the provider gets the order's own identifier instead. */
  customIdentifier: z.string().max(255).optional(),
  recipientPhone: z
    .object({
      countryCode: z.string().regex(/^[A-Za-z]{2}$/, 'recipientPhone.countryCode must be a 2-letter ISO code'),
      number: z.string().regex(/^\d{1,20}$/, 'recipientPhone.number must be digits'),
    })
    .optional(),
  operatorName: z.string().max(255).optional(),
});
export type TopupBody = z.input<typeof topupBodySchema>;

/** What the result screen shows (docs/product.md §3 Top-up result). */
export type TopupResultStatus = 'SUCCESSFUL' | 'PROCESSING' | 'FAILED';

export interface TopupResponse {
  success: boolean;
  orderId: string;
  /** The order's short reference, GT-XXXX-XXXX: what the result screen shows first and support asks for. */
  reference: string;
  status: TopupResultStatus;
  recipientPhone: string;
  operatorName: string;
  /** USD. */
  requestedAmount: number;
  requestedAmountCurrencyCode: string;
  deliveredAmount: number | null;
  deliveredAmountCurrencyCode: string | null;
  transactionId: string | null;
  paymentIntentId: string | null;
  /** What the customer paid with (card brand and last four, or the wallet); null before the payment was authorised. */
  paymentMethod: PaymentMethod | null;
  transactionDate: string | null;
  /** For bundles and data plans: the plan bought, shown instead of a local amount. */
  planDescription: string | null;
  /** A delivered PIN product: its PIN is read from GET /api/orders/:id/pin, by its owner only. */
  hasPin: boolean;
  /** What the customer's card holds for this order; with status FAILED it tells which sentence the failed view shows. */
  payment: PaymentState;
  /** PROCESSING because the risk desk holds the payment for a person (ADR 046): the screen says so and keeps following. */
  inReview?: boolean;
  /** Set when status is FAILED: readable English, the provider's code and its own text. */
  message?: string;
  errorCode?: string;
  technicalDetails?: string;
}

export const ORDER_STATUSES = [
  'created',
  'authorised',
  'in_review',
  'delivering',
  'delivery_pending',
  'delivered',
  'completed',
  'capture_failed',
  'delivery_failed',
  'canceled',
  'expired',
  'declined',
  'refunding',
  'refunded',
  'refund_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How history shows an order's status: never paid (still unpaid, or closed unpaid or declined after 30 minutes), in progress,
 * delivered, not delivered (nothing charged), or delivered and its payment given back.
 */
export type OrderDisplayStatus = 'not_paid' | 'processing' | 'successful' | 'failed' | 'refunded';

export function displayStatusOf(status: OrderStatus): OrderDisplayStatus {
  switch (status) {
    case 'created':
    case 'expired':
    case 'declined':
      return 'not_paid';
    case 'authorised':
    case 'in_review':
    case 'delivering':
    case 'delivery_pending':
      return 'processing';
    // Delivered and paid, until a refund is made.
    case 'delivered':
    case 'completed':
    case 'capture_failed':
    case 'refunding':
    case 'refund_failed':
      return 'successful';
    case 'delivery_failed':
    case 'canceled':
      return 'failed';
    case 'refunded':
      return 'refunded';
  }
}

/**
 * The money side of an order (hold-then-capture): nothing authorised yet (or ever), a hold on the card, the captured
 * payment, a hold that was released without charging, or a captured payment given back in full.
 */
export type PaymentState = 'none' | 'held' | 'captured' | 'released' | 'refunded';

/** `authorised` is whether the server ever verified a hold for the order (its authorisedAt). */
export function paymentStateOf(status: OrderStatus, authorised: boolean): PaymentState {
  switch (status) {
    case 'created':
    case 'expired':
    case 'declined':
      return 'none';
    case 'completed':
    case 'refunding':
    case 'refund_failed':
      return 'captured';
    case 'refunded':
      return 'refunded';
    case 'canceled':
      return authorised ? 'released' : 'none';
    default:
      return 'held';
  }
}

/** GET /api/orders (newest first) and GET /api/orders/:id — the signed-in user's own orders only. */
export interface OrderView {
  id: string;
  /** The order's short reference, GT-XXXX-XXXX. */
  reference: string;
  status: OrderStatus;
  displayStatus: OrderDisplayStatus;
  /**
   * Delivered after its payment hold had been released (ADR 041): status stays canceled, displayStatus is successful,
   * and the customer was not charged for it.
   */
  notCharged: boolean;
  createdAt: string;
  countryCode: string;
  countryName: string;
  /** The country's calling code, digits only (e.g. "234"), for showing the number as +234 …. */
  callingCode: string | null;
  /** National number, digits only. */
  recipientPhone: string;
  operatorId: number;
  operatorName: string;
  /** 2-decimal USD strings. */
  amount: string;
  fee: string;
  /** What a promo code took off (ADR 067); "0.00" without one. */
  discount?: string;
  totalAmount: string;
  currency: 'USD';
  localAmount: number | null;
  destinationCurrencyCode: string;
  deliveredAmount: number | null;
  deliveredAmountCurrencyCode: string | null;
  transactionId: string | null;
  paymentIntentId: string | null;
  /** What the customer paid with (card brand and last four, or the wallet); null before the payment was authorised. */
  paymentMethod: PaymentMethod | null;
  failureMessage: string | null;
  failureCode: string | null;
  /** For bundles and data plans: the plan bought, shown instead of a local amount. */
  planDescription: string | null;
  /** A delivered PIN product: its PIN is read from GET /api/orders/:id/pin, by its owner only. */
  hasPin: boolean;
  /** The order's latest "It didn't arrive" report, open or resolved; null when there is none. */
  deliveryReport: DeliveryReportView | null;
  /** Whether the customer may report now: completed less than 7 days ago and no report open. */
  canReportDelivery: boolean;
}

/** What a PIN product gives the recipient to redeem (Reloadly's pinDetail), every field as text. */
export interface PinDetail {
  code: string | null;
  serial: string | null;
  info1: string | null;
  info2: string | null;
  info3: string | null;
  value: string | null;
  ivr: string | null;
  validity: string | null;
}

/** GET /api/orders/:id/pin — a delivered PIN product's PIN, for the order's owner only. */
export interface OrderPinResponse {
  success: true;
  pin: PinDetail;
}

export interface OrderListResponse {
  success: true;
  orders: OrderView[];
}

export interface OrderDetailResponse {
  success: true;
  order: OrderView;
  /** The same order as the result screen reads it. */
  result: TopupResponse;
}

/** The error shape of Stripe's payment errors, which the sandbox provider also answers with (HTTP 402). */
export interface PaymentErrorDetail {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
}

/** POST /api/sandbox-payments/:id/confirm — the sandbox payment form's card or Cash App answer. */
export const sandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1),
  paymentMethod: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('card'),
      number: z.string().max(32),
      expMonth: z.coerce.number().int(),
      expYear: z.coerce.number().int(),
      cvc: z.string().max(8),
    }),
    z.object({ type: z.literal('cashapp'), outcome: z.enum(['approve', 'decline']) }),
    /** A card the customer saved (ADR 063): the checkout chose it; the security code is asked again. */
    z.object({ type: z.literal('saved_card'), paymentMethodId: z.string().min(1).max(64), cvc: z.string().max(8) }),
  ]),
  receiptEmail: z.email().max(EMAIL_MAX_LENGTH).optional(),
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;

/** A payment intent as the browser sees it after confirming (Stripe's `paymentIntent` shape, reduced). */
export interface BrowserPaymentIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  /** With requires_action: where the payer authenticates (the sandbox's 3-D Secure challenge page). */
  next_action?: { type: 'redirect_to_url'; redirect_to_url: { url: string } };
}

export type SandboxConfirmResponse = { paymentIntent: BrowserPaymentIntent } | { error: PaymentErrorDetail };
