import Stripe from 'stripe';
import type { PaymentMethod } from '../../../shared/payment-method';
import {
  PaymentProviderError,
  type Payment,
  type PaymentProvider,
  type PaymentRefund,
  type RefundStatus,
  type ThreeDSecureResult,
} from '../provider';
import { stripeDisputeCalls } from './disputes';
import { createStripeSavedCards, savedCardOf } from './stripe-saved-cards';
import { isPaymentIntentStatus, paymentEventOf, paymentStatusOf, type PaymentIntentStatus } from './vocabulary';

export interface StripeProviderOptions {
  /** sk_… or rk_… */
  secretKey: string;
  /** pk_…; a pk_test_ key puts the payment form in test mode. */
  publishableKey: string;
  /** whsec_…; without it every webhook event is refused. */
  webhookSecret: string | undefined;
  /** Another address for Stripe's API (the contract tests' local server). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Per-request limit. */
  timeoutMs?: number;
  /** The SDK's own retries of connection failures, 409 and 5xx, always with the same idempotency key. */
  maxNetworkRetries?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_NETWORK_RETRIES = 2;
const WEBHOOK_TOLERANCE_SECONDS = 300;
// Both support manual capture. The SDK's pinned API version names this list allowed_payment_method_types.
const PAYMENT_METHOD_TYPES = ['card', 'cashapp'];
// The latest charge says what the payer paid with (payment_method_details), kept on the order at authorisation.
const EXPAND_CHARGE = ['latest_charge'];
const THREE_D_SECURE_RESULTS: readonly ThreeDSecureResult[] = [
  'authenticated',
  'attempt_acknowledged',
  'exempted',
  'failed',
  'not_supported',
  'processing_error',
];
const REFUND_STATUSES: readonly string[] = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] satisfies RefundStatus[];

/**
 * Stripe behind the PaymentProvider interface (shared/PROVIDERS.md "Stripe (manual capture)"): a payment is a
 * PaymentIntent with manual capture; release is its cancel. Statuses and events are translated in vocabulary.ts.
 */
export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? DEFAULT_MAX_NETWORK_RETRIES,
  });

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,
    testMode: options.publishableKey.startsWith('pk_test_'),
    webhookSignatureHeader: 'stripe-signature',
    // Stripe's published US dispute fee; the dispute's own balance transactions are not read (ADR 050).
    disputeFeeCents: 1500,
    ...stripeDisputeCalls(stripe, (error) => (error instanceof Stripe.errors.StripeError ? toPaymentProviderError(error) : error)),

    createPayment(request) {
      return callStripe(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            capture_method: 'manual',
            allowed_payment_method_types: PAYMENT_METHOD_TYPES,
            ...(request.receiptEmail ? { receipt_email: request.receiptEmail } : {}),
            // Stripe.js then runs the challenge wherever the card supports 3-D Secure.
            ...(request.threeDSecure === 'required' ? { payment_method_options: { card: { request_three_d_secure: 'any' as const } } } : {}),
            metadata: { orderId: request.metadata.orderId, userId: request.metadata.userId },
            // A card to keep for the customer, or a saved one of theirs (ADR 063).
            ...(request.methodChoice?.customerId ? { customer: request.methodChoice.customerId } : {}),
            ...(request.methodChoice?.saveCard ? { setup_future_usage: 'on_session' as const } : {}),
            ...(request.methodChoice?.paymentMethodId ? { payment_method: request.methodChoice.paymentMethodId } : {}),
            ...(request.threeDSecure ? { payment_method_options: { card: { request_three_d_secure: 'any' as const } } } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
    },

    getPayment(id) {
      // The charge says what paid (its payment method, the card's facts, Radar's outcome, how 3-D Secure ended) and, once
      // captured, what the processor kept (its balance transaction); a declined attempt's card comes inside
      // last_payment_error.payment_method.
      return callStripe(() => stripe.paymentIntents.retrieve(id, { expand: CHARGE_AND_FEE }));
    },

    capturePayment(id, { idempotencyKey }) {
      return callStripe(() => stripe.paymentIntents.capture(id, { expand: CHARGE_AND_FEE }, { idempotencyKey }));
    },

    releasePayment(id, { idempotencyKey, reason }) {
      // Stripe sets failed_invoice itself but refuses it on cancel; abandoned is the nearest reason it accepts.
      const cancellationReason = reason === 'failed_invoice' ? 'abandoned' : reason;
      return callStripe(() =>
        stripe.paymentIntents.cancel(id, { cancellation_reason: cancellationReason, expand: EXPAND_CHARGE }, { idempotencyKey }),
      );
    },

    async refundPayment(paymentId, request) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: paymentId, amount: request.amountCents, reason: request.reason, metadata: request.metadata },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        throw error instanceof Stripe.errors.StripeError ? toPaymentProviderError(error) : error;
      }
      return toPaymentRefund(refund, paymentId);
    },

    verifyWebhookEvent(rawBody, signature) {
      if (!options.webhookSecret) {
        throw webhookRefusal('STRIPE_WEBHOOK_SECRET is not set, so no Stripe webhook event can be verified');
      }
      if (!signature) throw webhookRefusal('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message : String(cause);
        throw webhookRefusal(`The Stripe webhook signature does not verify: ${reason}`, cause);
      }
      return paymentEventOf(event);
    },

    savedCards: createStripeSavedCards(stripe, callStripe, toPaymentProviderError),

    async paymentIdOfCharge(chargeId) {
      let charge: Stripe.Charge;
      try {
        charge = await stripe.charges.retrieve(chargeId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        throw error instanceof Stripe.errors.StripeError ? toPaymentProviderError(error) : error;
      }
      const intent = charge.payment_intent;
      return typeof intent === 'string' ? intent : (intent?.id ?? null);
    },
  };
}

async function callStripe(request: () => Promise<Stripe.PaymentIntent>): Promise<Payment> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await request();
  } catch (error) {
    throw error instanceof Stripe.errors.StripeError ? toPaymentProviderError(error) : error;
  }
  return toPayment(intent);
}

/** The intent's charge with its balance transaction, which carries the processor's fee, asked for with every read. */
const CHARGE_FEE = 'latest_charge.balance_transaction';
const CHARGE_AND_FEE = [...EXPAND_CHARGE, CHARGE_FEE];

/** The fee of the intent's charge, when the charge and its balance transaction came expanded (the capture asks for them). */
function feeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const transaction = charge.balance_transaction;
  return transaction && typeof transaction !== 'string' ? transaction.fee : null;
}

function toPayment(intent: Stripe.PaymentIntent): Payment {
  const error = intent.last_payment_error;
  return {
    id: intent.id,
    status: paymentStatusOf(knownStatus(intent.status) ?? unknownStatus(intent.status)),
    amount: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    captureMethod: intent.capture_method === 'manual' ? 'manual' : 'automatic',
    amountCaptured: intent.amount_received,
    metadata: { ...intent.metadata },
    lastPaymentError: error
      ? {
          type: error.type,
          ...(error.code ? { code: error.code } : {}),
          ...(error.decline_code ? { decline_code: error.decline_code } : {}),
          message: error.message ?? 'The last payment attempt failed.',
        }
      : null,
    releaseReason: intent.cancellation_reason,
    processorFeeCents: feeOf(intent),
    method: paymentMethodOf(intent.latest_charge),
    ...cardAndRiskOf(intent),
    threeDSecure: threeDSecureOf(intent.latest_charge),
    savedCard: savedCardOf(intent),
  };
}

/**
 * The card and Radar's verdict: from the latest charge when it was expanded (payment_method_details.card, outcome),
 * else from the declined attempt's payment method (last_payment_error.payment_method.card), which has no verdict.
 */
function cardAndRiskOf(intent: Stripe.PaymentIntent): Pick<Payment, 'card' | 'risk'> {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const chargeCard = charge?.payment_method_details?.card;
  if (charge && chargeCard) {
    return {
      card: {
        fingerprint: chargeCard.fingerprint ?? null,
        brand: chargeCard.brand ?? null,
        funding: chargeCard.funding ?? null,
        country: chargeCard.country ?? null,
        cvcCheck: chargeCard.checks?.cvc_check ?? null,
      },
      risk: charge.outcome ? { level: charge.outcome.risk_level ?? null, score: charge.outcome.risk_score ?? null } : null,
    };
  }
  const method = intent.last_payment_error?.payment_method;
  const card = method && typeof method === 'object' ? method.card : null;
  if (!card) return { card: null, risk: null };
  return {
    card: {
      fingerprint: card.fingerprint ?? null,
      brand: card.brand,
      funding: card.funding,
      country: card.country,
      cvcCheck: card.checks?.cvc_check ?? null,
    },
    risk: null,
  };
}

/**
 * What the charge says the payer paid with: `payment_method_details.type`, and for a card its `brand` and `last4`.
 * Null when the charge was not expanded (only its id came back) or says nothing usable.
 */
function paymentMethodOf(charge: Stripe.PaymentIntent['latest_charge']): PaymentMethod | null {
  if (!charge || typeof charge === 'string') return null;
  const details = charge.payment_method_details;
  if (!details || typeof details.type !== 'string' || details.type === '') return null;
  if (details.type !== 'card') return { type: details.type, brand: null, last4: null };
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { type: 'card', brand: text(details.card?.brand), last4: text(details.card?.last4) };
}

/** The charge's 3-D Secure result, when the charge was expanded and its card was asked. */
function threeDSecureOf(charge: string | Stripe.Charge | null): ThreeDSecureResult | null {
  if (!charge || typeof charge === 'string') return null;
  const result = charge.payment_method_details?.card?.three_d_secure?.result;
  return THREE_D_SECURE_RESULTS.includes(result as ThreeDSecureResult) ? (result as ThreeDSecureResult) : null;
}

function toPaymentRefund(refund: Stripe.Refund, paymentId: string): PaymentRefund {
  const status = refund.status ?? 'pending';
  if (!REFUND_STATUSES.includes(status)) {
    // Neither made nor refused as far as we can tell: asked for again later with the same key.
    throw new PaymentProviderError(`Stripe sent a refund status this application does not know: ${status}`, {
      type: 'api_error',
      status: 502,
      retryable: true,
    });
  }
  const intent = refund.payment_intent;
  return {
    id: refund.id,
    paymentId: typeof intent === 'string' ? intent : (intent?.id ?? paymentId),
    amount: refund.amount,
    currency: refund.currency,
    status: status as RefundStatus,
    reason: refund.reason,
    failureReason: refund.failure_reason ?? null,
    metadata: { ...refund.metadata },
  };
}

function knownStatus(status: string | undefined): PaymentIntentStatus | undefined {
  return isPaymentIntentStatus(status) ? status : undefined;
}

/** The status of the intent a Stripe error reports, in the order code's words. */
function paymentStatusOfError(error: InstanceType<typeof Stripe.errors.StripeError>): Payment['status'] | undefined {
  const status = knownStatus(error.payment_intent?.status);
  return status && paymentStatusOf(status);
}

function unknownStatus(status: string): never {
  throw new PaymentProviderError(`Stripe sent a PaymentIntent status this application does not know: ${status}`, {
    type: 'api_error',
    status: 502,
    retryable: false,
  });
}

function toPaymentProviderError(error: InstanceType<typeof Stripe.errors.StripeError>): PaymentProviderError {
  const isConnectionError = error instanceof Stripe.errors.StripeConnectionError;
  const status = error.statusCode ?? 502;
  return new PaymentProviderError(error.message || `Stripe answered ${status}`, {
    type: errorTypeOf(error),
    code: error.code,
    declineCode: error.decline_code,
    status,
    // 409: another request with the same idempotency key was still running.
    retryable: isConnectionError || status >= 500 || status === 429 || status === 409,
    paymentStatus: paymentStatusOfError(error),
    cause: error,
  });
}

/** Stripe's error type names; the SDK's error class decides where Stripe's own `type` is absent or less precise. */
function errorTypeOf(error: InstanceType<typeof Stripe.errors.StripeError>): string {
  const { errors } = Stripe;
  if (error instanceof errors.StripeConnectionError) return 'api_connection_error';
  if (error instanceof errors.StripeCardError) return 'card_error';
  if (error instanceof errors.StripeRateLimitError) return 'rate_limit_error';
  if (error instanceof errors.StripeAuthenticationError) return 'authentication_error';
  if (error instanceof errors.StripePermissionError) return 'permission_error';
  if (error instanceof errors.StripeIdempotencyError) return 'idempotency_error';
  return error.rawType ?? 'api_error';
}

function webhookRefusal(message: string, cause?: unknown): PaymentProviderError {
  return new PaymentProviderError(message, {
    type: 'invalid_request_error',
    code: 'webhook_signature_invalid',
    status: 400,
    retryable: false,
    cause,
  });
}
