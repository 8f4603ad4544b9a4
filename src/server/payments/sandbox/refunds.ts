import { and, eq, sql } from 'drizzle-orm';
import { formatUsd } from '../../../shared/pricing';
import type { Database } from '../../db/client';
import { sandboxPaymentIntents, sandboxRefunds } from '../../db/schema';
import { type PaymentRefund, PaymentProviderError, type RefundRequest, type RefundStatus } from '../provider';
import { chargeIdOf, idempotencyKeyReused, paymentIntentNotFound, randomBase62 } from './payment-intents';

type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

/** The reasons Stripe accepts on a refund. */
const REFUND_REASONS: readonly string[] = ['duplicate', 'fraudulent', 'requested_by_customer'];

/** Another request with the same key stored its refund first: this one gives way and answers that refund. */
class SameKeyStoredFirst extends Error {}

/**
 * Refunds a captured sandbox payment the way Stripe's `POST /v1/refunds` with `payment_intent` does: only a captured
 * (succeeded) intent, never more than was captured and not refunded yet, one refund per idempotency key (the same key
 * with the same parameters answers the first refund; with others, an idempotency_error). A payment made with the test
 * card whose refunds fail gets a refund in status `failed`, which gives nothing back, so another may be asked for.
 * As with the sandbox's captures, only a refund that was made is replayed: after a refusal the key may be tried again.
 */
export async function refundSandboxPayment(db: Database, paymentIntentId: string, request: RefundRequest, now: Date): Promise<PaymentRefund> {
  const earlier = await refundMadeWith(db, request.idempotencyKey);
  if (earlier) return replay(earlier, paymentIntentId, request);
  checkParameters(request);
  const [intent] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentIntentId));
  if (!intent) throw paymentIntentNotFound(paymentIntentId);
  if (intent.status !== 'succeeded') throw noSuccessfulCharge(paymentIntentId);

  const failureReason = intent.refundFailureReason;
  try {
    return await db.transaction(async (tx) => {
      // The key first: of two requests with one key, the second waits here for the first and then answers its refund.
      const [stored] = await tx
        .insert(sandboxRefunds)
        .values({
          id: `re_sandbox_${randomBase62(24)}`,
          paymentIntentId,
          amount: request.amountCents,
          currency: intent.currency,
          status: (failureReason ? 'failed' : 'succeeded') satisfies RefundStatus,
          reason: request.reason,
          failureReason,
          metadata: request.metadata,
          idempotencyKey: request.idempotencyKey,
          createdAt: now,
        })
        .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
        .returning();
      if (!stored) throw new SameKeyStoredFirst();
      // A failed refund gives nothing back. Otherwise one conditional UPDATE: of refunds racing with other keys, only
      // those that fit in what is left of the captured amount are made.
      if (!failureReason) await takeFromCapturedAmount(tx, paymentIntentId, request.amountCents);
      return toRefund(stored);
    });
  } catch (error) {
    if (!(error instanceof SameKeyStoredFirst)) throw error;
    return replay((await refundMadeWith(db, request.idempotencyKey))!, paymentIntentId, request);
  }
}

async function takeFromCapturedAmount(db: Database, paymentIntentId: string, amountCents: number): Promise<void> {
  const { amountRefunded, amountReceived, status } = sandboxPaymentIntents;
  const [taken] = await db
    .update(sandboxPaymentIntents)
    .set({ amountRefunded: sql`${amountRefunded} + ${amountCents}` })
    .where(and(eq(sandboxPaymentIntents.id, paymentIntentId), eq(status, 'succeeded'), sql`${amountRefunded} + ${amountCents} <= ${amountReceived}`))
    .returning();
  if (taken) return;
  const [latest] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, paymentIntentId));
  const left = latest!.amountReceived - latest!.amountRefunded;
  if (left <= 0) throw alreadyRefunded(chargeIdOf(paymentIntentId));
  throw amountTooLarge(amountCents, left, left === latest!.amountReceived);
}

async function refundMadeWith(db: Database, idempotencyKey: string): Promise<SandboxRefundRow | undefined> {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
  return row;
}

function replay(row: SandboxRefundRow, paymentIntentId: string, request: RefundRequest): PaymentRefund {
  const same =
    row.paymentIntentId === paymentIntentId &&
    row.amount === request.amountCents &&
    row.reason === request.reason &&
    JSON.stringify(row.metadata) === JSON.stringify(request.metadata);
  if (!same) throw idempotencyKeyReused(request.idempotencyKey);
  return toRefund(row);
}

function checkParameters(request: RefundRequest) {
  if (!Number.isInteger(request.amountCents) || request.amountCents < 1) {
    throw invalidRequest('Invalid positive integer', 'parameter_invalid_integer');
  }
  if (!REFUND_REASONS.includes(request.reason)) {
    throw invalidRequest('Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer', 'parameter_invalid_string');
  }
}

function toRefund(row: SandboxRefundRow): PaymentRefund {
  return {
    id: row.id,
    paymentId: row.paymentIntentId,
    amount: row.amount,
    currency: row.currency,
    status: row.status as RefundStatus,
    reason: row.reason,
    failureReason: row.failureReason,
    metadata: row.metadata,
  };
}

function invalidRequest(message: string, code?: string): PaymentProviderError {
  return new PaymentProviderError(message, { type: 'invalid_request_error', code, status: 400, retryable: false });
}

/** Stripe's answer for a refund of an intent that was never captured (unpaid, held or cancelled). */
export function noSuccessfulCharge(paymentIntentId: string): PaymentProviderError {
  return invalidRequest(`This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`);
}

/** Stripe's answer for a refund of a charge already refunded in full. */
export function alreadyRefunded(chargeId: string): PaymentProviderError {
  return invalidRequest(`Charge ${chargeId} has already been refunded.`, 'charge_already_refunded');
}

/** Stripe's answer for a refund of more than is left of the charge. */
export function amountTooLarge(amountCents: number, leftCents: number, nothingRefundedYet: boolean): PaymentProviderError {
  const what = nothingRefundedYet ? 'charge amount' : 'unrefunded amount on charge';
  return invalidRequest(`Refund amount ($${formatUsd(amountCents)}) is greater than ${what} ($${formatUsd(leftCents)})`, 'amount_too_large');
}
