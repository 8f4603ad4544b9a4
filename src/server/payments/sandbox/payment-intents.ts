import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema';
import { type Payment, PaymentProviderError, type SavedCard, type ThreeDSecureResult } from '../provider';
import { cardProcessingFeeCents } from './fees';
import { paymentStatusOf, type PaymentIntentStatus } from '../stripe/vocabulary';

export type SandboxPaymentIntentRow = typeof sandboxPaymentIntents.$inferSelect;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomBase62(length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) text += BASE62[randomInt(BASE62.length)];
  return text;
}

/** A sandbox intent as the order code sees a payment. */
export function toPayment(row: SandboxPaymentIntentRow): Payment {
  return {
    id: row.id,
    status: paymentStatusOf(row.status as PaymentIntentStatus),
    amount: row.amount,
    currency: row.currency,
    clientSecret: row.clientSecret,
    captureMethod: row.captureMethod as Payment['captureMethod'],
    amountCaptured: row.amountReceived,
    metadata: row.metadata,
    lastPaymentError: row.lastPaymentError ?? null,
    releaseReason: row.cancellationReason,
    // Stripe's US card price on what was captured (docs/decisions/050-cost-and-margin-on-every-order.md).
    processorFeeCents: row.status === 'succeeded' && row.amountReceived > 0 ? cardProcessingFeeCents(row.amountReceived) : null,
    method:
      row.paymentMethodType && row.status !== 'requires_payment_method'
        ? { type: row.paymentMethodType, brand: row.cardBrand, last4: row.cardLast4 }
        : null,
    card: row.card
      ? {
          fingerprint: row.card.fingerprint,
          brand: row.card.brand,
          funding: row.card.funding,
          country: row.card.country,
          cvcCheck: row.card.cvcCheck,
        }
      : null,
    risk: row.card ? { level: row.card.riskLevel, score: row.card.riskScore } : null,
    threeDSecure: row.threeDSecureResult as ThreeDSecureResult | null,
    savedCard: savedCardOf(row),
  };
}

/** The card an authorised intent kept for its customer (Stripe's setup_future_usage), once attached; null otherwise. */
function savedCardOf(row: SandboxPaymentIntentRow): SavedCard | null {
  const { card } = row;
  if (row.setupFutureUsage === null || !row.paymentMethodId || !card || !row.cardBrand || !row.cardLast4) return null;
  if (card.expMonth === undefined || card.expYear === undefined) return null;
  if (row.status !== 'requires_capture' && row.status !== 'succeeded') return null;
  return {
    providerMethodId: row.paymentMethodId,
    brand: row.cardBrand,
    last4: row.cardLast4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    fingerprint: card.fingerprint,
  };
}
/**
 * The intent's client secret is the one given, compared in the database by their SHA-256 digests: how long the
 * comparison takes tells nothing about the secret itself.
 */
export const secretIs = (given: string | SQLWrapper) =>
  sql`sha256(convert_to(${sandboxPaymentIntents.clientSecret}, 'UTF8')) = sha256(convert_to(${given}, 'UTF8'))`;

/** Stripe's answer for an unknown intent; also for a wrong client secret, so a guess learns nothing. */
export function paymentIntentNotFound(id: string): PaymentProviderError {
  return new PaymentProviderError(`No such payment_intent: '${id}'`, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    status: 404,
    retryable: false,
  });
}

/** Stripe's answer for an action the intent's status does not allow, e.g. capturing a canceled intent. */
export function unexpectedState(
  action: 'capture' | 'cancel' | 'confirm',
  status: PaymentIntentStatus,
  allowed: readonly PaymentIntentStatus[],
): PaymentProviderError {
  const allowedList = allowed.join(', ');
  const message =
    action === 'capture'
      ? `This PaymentIntent could not be captured because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be captured: ${allowedList}.`
      : `You cannot ${action} this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be ${action === 'cancel' ? 'canceled' : 'confirmed'}: ${allowedList}.`;
  return new PaymentProviderError(message, {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    status: 400,
    retryable: false,
    paymentStatus: paymentStatusOf(status),
  });
}

/** Stripe's answer for an idempotency key sent again with other parameters. */
export function idempotencyKeyReused(key: string): PaymentProviderError {
  return new PaymentProviderError(
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    { type: 'idempotency_error', status: 400, retryable: false },
  );
}

/** A sandbox payment's charge is named after its intent: ch_sandbox_X belongs to pi_sandbox_X. */
export function chargeIdOf(paymentIntentId: string): string {
  return paymentIntentId.replace(/^pi_/, 'ch_');
}

/**
 * What Stripe does to an authorisation nobody captured within 7 days: the intent is canceled with reason `expired`.
 * The sandbox's test number for a hold that lapses during delivery (topups/sandbox) calls it for its payment.
 */
export async function lapseSandboxAuthorisations(db: Database, paymentIntentIds: SQLWrapper, now: Date): Promise<void> {
  await db
    .update(sandboxPaymentIntents)
    .set({ status: 'canceled', cancellationReason: 'expired', updatedAt: now })
    .where(and(eq(sandboxPaymentIntents.status, 'requires_capture'), inArray(sandboxPaymentIntents.id, paymentIntentIds)));
}
