/**
 * What the server needs from a card payment provider (Stripe in production, the sandbox otherwise), in the order
 * code's words: a payment is authorised, then captured or released; a captured one may be refunded or disputed.
 * Each provider's own names (Stripe's PaymentIntents, their statuses and event types) stay in its adapter.
 */

import type { PaymentErrorDetail } from '../../shared/api/orders';
import type { PaymentMethod } from '../../shared/payment-method';

export type { PaymentErrorDetail } from '../../shared/api/orders';

/**
 * Where a payment stands, in the order code's words; each adapter maps its provider's statuses to these.
 *   needs_payment_method  no card yet, or the last one was declined: the payer may try another
 *   needs_confirmation    a payment method is attached but not confirmed
 *   needs_action          the payer must do something more (3-D Secure, the Cash App approval)
 *   processing            the provider is still deciding
 *   authorised            the amount is held on the card, waiting to be captured or released
 *   captured              the held amount was taken
 *   released              the hold was let go (or the unpaid payment abandoned): nothing is taken
 */
export type PaymentStatus = 'needs_payment_method' | 'needs_confirmation' | 'needs_action' | 'processing' | 'authorised' | 'captured' | 'released';

/** A payment for one order: authorised by the payer in the browser, then captured or released by the server. */
export interface Payment {
  id: string;
  status: PaymentStatus;
  /** Smallest currency unit (USD cents). */
  amount: number;
  /** Lowercase: 'usd'. */
  currency: string;
  /** What the browser's payment form confirms the payment with. */
  clientSecret: string | null;
  captureMethod: 'manual' | 'automatic';
  /** What was captured; 0 until then. */
  amountCaptured: number;
  metadata: Record<string, string>;
  lastPaymentError: PaymentErrorDetail | null;
  /** Why a released payment was released (abandoned, duplicate, expired…). */
  releaseReason: string | null;
  /** What the processor took of the captured amount (Stripe: the fee of the charge's balance transaction); null when not told. */
  processorFeeCents: number | null;
  /**
   * What the payer paid with (card brand and last four, or the wallet), once a payment method has authorised; null
   * before that, or when the provider's answer does not say. Read by getPayment (the order keeps it at authorisation).
   */
  method: PaymentMethod | null;
  /** The card last tried (the one authorised, or the last declined), as the provider describes it; null for none or Cash App. */
  card: CardFacts | null;
  /** The provider's own fraud verdict on the last attempt (Stripe Radar's outcome), when it gives one. */
  risk: ProviderRiskVerdict | null;
  /** How 3-D Secure ended for the card that paid, in Stripe's words; null when the card was not asked. */
  threeDSecure: ThreeDSecureResult | null;
  /** The card that paid, when the payment was made to keep it for the customer's next payments (ADR 063). */
  savedCard?: SavedCard | null;
}

/** A card the provider keeps for a customer, as it describes it: never its number. */
export interface SavedCard {
  /** Stripe's PaymentMethod id (pm_…) or the sandbox's (pm_sandbox_…). */
  providerMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
}

/**
 * How an unpaid payment is to be paid (ADR 063): for the provider's customer `customerId`, keeping the card that pays
 * (`saveCard`), or with one of the customer's saved cards (`paymentMethodId`, the provider's id).
 */
export interface PaymentMethodChoice {
  customerId: string | null;
  saveCard: boolean;
  paymentMethodId: string | null;
}

/** What a provider that keeps customers' cards offers besides payments (Stripe's Customers and PaymentMethods). */
export interface SavedCardsAtProvider {
  /** A customer to keep cards for; the key makes a retry return the same one. */
  createCustomer(request: { userId: string; email: string | null; idempotencyKey: string }): Promise<string>;
  /** Changes how an unpaid payment is to be paid, before the payer confirms it. */
  choosePaymentMethod(paymentId: string, choice: PaymentMethodChoice): Promise<Payment>;
  /** Forgets a saved card: it can no longer pay. A card already forgotten is not an error. */
  detachCard(providerMethodId: string): Promise<void>;
  /** What the browser's payment form lists the customer's saved cards with (Stripe's CustomerSession); null when it needs none. */
  customerSessionSecret(customerId: string): Promise<string | null>;
  /**
   * Authorises an unpaid payment made for the customer with their saved card, without them (an auto top-up, ADR 068):
   * Stripe's confirmation with `off_session: true` of the intent (manual capture) and its `payment_method`. When the
   * bank asks for authentication the payer is not there to give it: PaymentProviderError with code
   * `authentication_required` (402); a decline is a card_error (402) as on any payment.
   */
  confirmOffSession(paymentId: string, request: { paymentMethodId: string; idempotencyKey: string }): Promise<Payment>;
}

/** A card as the provider's charge describes it (Stripe's payment_method_details.card). */
export interface CardFacts {
  /** The provider's fingerprint: the same card number always has the same one; never the number. */
  fingerprint: string | null;
  brand: string | null;
  /** credit, debit, prepaid or unknown. */
  funding: string | null;
  /** ISO 3166-1 alpha-2 of the issuing bank, upper case. */
  country: string | null;
  /** pass, fail, unavailable, unchecked. */
  cvcCheck: string | null;
}

/** Stripe Radar's outcome on a charge: risk_level normal, elevated, highest or not_assessed; risk_score 0–100. */
export interface ProviderRiskVerdict {
  level: string | null;
  score: number | null;
}

/**
 * Stripe's `three_d_secure.result` of a card payment. authenticated and attempt_acknowledged move the liability for a
 * fraud dispute to the card's issuer (the liability shift); the others leave it with us.
 */
export type ThreeDSecureResult = 'authenticated' | 'attempt_acknowledged' | 'exempted' | 'failed' | 'not_supported' | 'processing_error';

/** Whether a payment with this 3-D Secure result moves a fraud dispute's liability to the issuer. */
export function shiftsLiability(result: string | null | undefined): boolean {
  return result === 'authenticated' || result === 'attempt_acknowledged';
}

export interface CreatePaymentRequest {
  amountCents: number;
  currency: 'usd';
  receiptEmail: string | null;
  /** At least orderId and userId: the authorisation is checked against them before delivery. */
  metadata: { orderId: string; userId: string };
  /** Derived from the order: the same order never creates two payments. */
  idempotencyKey: string;
  /** 'required': the payer must pass 3-D Secure wherever the card supports it (a risk rule asked for it). */
  threeDSecure?: 'required';
  /** How it is to be paid: saving the card, or with a saved one (ADR 063); absent, as any one-off payment. */
  methodChoice?: PaymentMethodChoice;
}

/** Why a payment is released. */
export type ReleaseReason = 'abandoned' | 'requested_by_customer' | 'failed_invoice' | 'duplicate' | 'fraudulent';

/** A refund's statuses (Stripe's Refund statuses; the sandbox uses the same ones). */
export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

/** A refund of a captured payment. */
export interface PaymentRefund {
  id: string;
  paymentId: string;
  /** Smallest currency unit (USD cents). */
  amount: number;
  currency: string;
  status: RefundStatus;
  reason: string | null;
  /** Why a failed refund failed (e.g. expired_or_canceled_card). */
  failureReason: string | null;
  metadata: Record<string, string>;
}

export interface RefundRequest {
  /** What to give back; the provider refuses more than was captured and not yet refunded. */
  amountCents: number;
  reason: 'requested_by_customer' | 'duplicate' | 'fraudulent';
  metadata: { orderId: string };
  /** Derived from the order: a retry after a lost answer gets the same refund, never a second one. */
  idempotencyKey: string;
}

/**
 * What a webhook event says happened to a payment; the adapter maps its provider's event types to these. `other`:
 * nothing the order code acts on.
 */
export type PaymentEventKind = 'authorised' | 'captured' | 'released' | 'failed' | 'disputed' | 'other';

/** A verified webhook event, reduced to what we act on; the payment itself is always read again from the provider. */
export interface PaymentEvent {
  id: string;
  kind: PaymentEventKind;
  /** The provider's own name for the event, for the log. */
  type: string;
  /** The payment the event is about, when it names it. */
  paymentId: string | null;
  /** The charge the event is about (a dispute names it even when it does not name its payment). */
  chargeId: string | null;
  /** The dispute a dispute's event is about; absent for other events. */
  disputeId?: string | null;
}

/**
 * Where a dispute stands, in Stripe's words (the sandbox uses the same): needs_response until the evidence due date,
 * under_review once evidence is submitted, won or lost when the card's issuer decides. The warning_ statuses are
 * inquiries that may not become disputes.
 */
export type DisputeStatus = 'warning_needs_response' | 'warning_under_review' | 'warning_closed' | 'needs_response' | 'under_review' | 'won' | 'lost';

export const DISPUTE_STATUSES: readonly DisputeStatus[] = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
];

/** A dispute of a captured payment's charge, as the provider tells it now. */
export interface PaymentDispute {
  id: string;
  paymentId: string | null;
  chargeId: string;
  /** Smallest currency unit (USD cents). */
  amount: number;
  currency: string;
  /** Stripe's reason: fraudulent, product_not_received, duplicate, general… */
  reason: string;
  status: DisputeStatus;
  /** The last moment evidence is accepted; null when the provider does not say. */
  evidenceDueBy: Date | null;
  /** How many times evidence was submitted (Stripe's evidence_details.submission_count). */
  submissionCount: number;
}

/**
 * What we answer a dispute with, in the fields Stripe's evidence has: each is text the card's issuer reads; null
 * leaves the field empty.
 */
export interface DisputeEvidence {
  /** The admin's statement and the assembled record (order, delivery, risk signals, sign-ins, receipt). */
  uncategorizedText: string;
  productDescription: string;
  customerEmailAddress: string | null;
  /** The IP address the order was placed from. */
  customerPurchaseIp: string | null;
  /** When the top-up was delivered (YYYY-MM-DD). */
  serviceDate: string | null;
  /** The sign-ins of the customer's account. */
  accessActivityLog: string | null;
}

/** Whether a dispute still waits for our evidence. */
export function awaitsEvidence(status: DisputeStatus): boolean {
  return status === 'needs_response' || status === 'warning_needs_response';
}

/** Whether the issuer has decided. */
export function isClosedDispute(status: DisputeStatus): boolean {
  return status === 'won' || status === 'lost' || status === 'warning_closed';
}

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  /** What the browser needs to show the payment form. */
  readonly publishableKey: string | null;
  readonly testMode: boolean;
  /** The request header a webhook's signature comes in (lowercase). */
  readonly webhookSignatureHeader: string;
  /** What the processor charges for a disputed charge (Stripe's US price, $15), in cents. */
  readonly disputeFeeCents: number;
  /** A payment awaiting the payer's authorisation: always captured by hand (manual capture), by card or Cash App. */
  createPayment(request: CreatePaymentRequest): Promise<Payment>;
  getPayment(id: string): Promise<Payment>;
  /** Takes the held amount; only from authorised. */
  capturePayment(id: string, options: { idempotencyKey: string }): Promise<Payment>;
  /** Releases the hold (or abandons an unpaid payment). */
  releasePayment(id: string, options: { idempotencyKey: string; reason: ReleaseReason }): Promise<Payment>;
  /**
   * Gives back (part of) a captured payment. Refused (PaymentProviderError, 400) for a payment that was never captured,
   * one already refunded in full (charge_already_refunded) and an amount above what is left (amount_too_large).
   */
  refundPayment(paymentId: string, request: RefundRequest): Promise<PaymentRefund>;
  /** The payment a charge belongs to; null when the provider knows no such charge or it has no payment. */
  paymentIdOfCharge(chargeId: string): Promise<string | null>;
  /** Verifies a webhook's signature over the raw body and returns the event; throws PaymentProviderError (400) when it does not verify. */
  verifyWebhookEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** A dispute as it stands now (a dispute's events are only triggers, as the payments' are); PaymentProviderError 404 when unknown. */
  getDispute(disputeId: string): Promise<PaymentDispute>;
  /**
   * Submits the evidence of a dispute at once (Stripe's submit=true); the dispute then goes under review. Refused
   * (PaymentProviderError, 400) for a dispute no longer awaiting evidence.
   */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidence): Promise<PaymentDispute>;
  /** Customers' saved cards (ADR 063); absent when the provider keeps none. */
  readonly savedCards?: SavedCardsAtProvider;
}

/**
 * A failed provider call, in Stripe's terms: `type` (card_error, invalid_request_error, api_error,
 * api_connection_error, rate_limit_error…), `code` (e.g. card_declined, payment_intent_unexpected_state),
 * `declineCode` (e.g. insufficient_funds). `status` is the HTTP status (402 for card errors; 502 when there was no
 * answer). `retryable`: the same call may succeed later (network failure, 5xx, 429).
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly type: string;
  readonly code: string | undefined;
  readonly declineCode: string | undefined;
  readonly status: number;
  readonly retryable: boolean;
  /** The payment's status when the provider reports it (e.g. captured, when a capture is refused as already made). */
  readonly paymentStatus: PaymentStatus | undefined;

  constructor(
    message: string,
    options: {
      type: string;
      code?: string;
      declineCode?: string;
      status: number;
      retryable: boolean;
      paymentStatus?: PaymentStatus;
      cause?: unknown;
    },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.type = options.type;
    this.code = options.code;
    this.declineCode = options.declineCode;
    this.status = options.status;
    this.retryable = options.retryable;
    this.paymentStatus = options.paymentStatus;
  }

  /** The browser-facing error shape (docs/product.md §8 picks the message by decline_code, then code, then type). */
  toDetail(): PaymentErrorDetail {
    return {
      type: this.type,
      ...(this.code ? { code: this.code } : {}),
      ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      message: this.message,
    };
  }
}

/** Why a payment attempt was refused, in the provider's most precise word for it; null when none was. */
export function declineCodeOf(error: PaymentErrorDetail | null): string | null {
  if (!error) return null;
  return error.decline_code ?? error.code ?? error.type;
}
