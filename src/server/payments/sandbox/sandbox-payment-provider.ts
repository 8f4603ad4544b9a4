import { SANDBOX_DISPUTE_FEE_CENTS } from './fees';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { perDatabase, type Database } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema';
import { type CreatePaymentRequest, type Payment, type PaymentProvider, PaymentProviderError } from '../provider';
import type { PaymentIntentStatus } from '../stripe/vocabulary';
import {
  idempotencyKeyReused,
  paymentIntentNotFound,
  randomBase62,
  type SandboxPaymentIntentRow,
  toPayment,
  unexpectedState,
} from './payment-intents';
import { disputeAfterCapture, getSandboxDispute, submitSandboxDisputeEvidence } from './disputes';
import { refundSandboxPayment } from './refunds';
import { confirmOffSession } from './off-session';
import { createSandboxSavedCards, intentChoiceOf } from './saved-cards';
import { verifySandboxWebhook } from './webhook-signature';
import type { SandboxEventListener } from './events';

export { signSandboxWebhook } from './webhook-signature';

export interface SandboxPaymentProviderOptions {
  /** Signs the webhook events the provider accepts (STRIPE_WEBHOOK_SECRET's stand-in). */
  webhookSecret: string;
  now?: () => Date;
  /** Where the events Stripe would send unasked go (the dispute of a test card's charge); none are made without it. */
  events?: SandboxEventListener;
}

export type { SandboxEventListener } from './events';

/** Stripe's smallest USD charge. */
const MINIMUM_AMOUNT_CENTS = 50;
const CAPTURABLE: readonly PaymentIntentStatus[] = ['requires_capture'];
const CANCELABLE: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
/** Stripe replays an idempotent request's first answer for 24 hours. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** An intent by id (every authorisation check reads one), prepared once per database. */
const intentById = perDatabase((db) =>
  db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, sql.placeholder('id')))
    .prepare('sandbox_payment_intent_by_id'),
);

/** A new intent, unless its idempotency key has one already (every checkout makes one), prepared once per database. */
const insertIntent = perDatabase((db) =>
  db
    .insert(sandboxPaymentIntents)
    .values({
      id: sql.placeholder('id'),
      clientSecret: sql.placeholder('clientSecret'),
      amount: sql.placeholder('amount'),
      currency: sql.placeholder('currency'),
      receiptEmail: sql.placeholder('receiptEmail'),
      metadata: sql.placeholder('metadata'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      requestThreeDSecure: sql.placeholder('requestThreeDSecure'),
      customer: sql.placeholder('customer'),
      setupFutureUsage: sql.placeholder('setupFutureUsage'),
      paymentMethodId: sql.placeholder('paymentMethodId'),
      createdAt: sql.placeholder('createdAt'),
      status: 'requires_payment_method',
      captureMethod: 'manual',
      updatedAt: sql.placeholder('createdAt'),
    })
    .onConflictDoNothing({ target: sandboxPaymentIntents.idempotencyKey })
    .returning()
    .prepare('sandbox_payment_intent_insert'),
);

/** The capture: one conditional UPDATE, prepared once per database (every delivered order makes one). */
const captureIntent = perDatabase((db) =>
  db
    .update(sandboxPaymentIntents)
    .set({ status: 'succeeded', amountReceived: sql`${sandboxPaymentIntents.amount}`, updatedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(eq(sandboxPaymentIntents.id, sql.placeholder('id')), inArray(sandboxPaymentIntents.status, [...CAPTURABLE])))
    .returning()
    .prepare('sandbox_payment_intent_capture'),
);

/**
 * The payment provider `npm start` uses without Stripe keys: payment intents in the sandbox_payment_intents table,
 * with Stripe's statuses, errors and idempotency rules. The browser confirms them through confirm.ts.
 */
export function createSandboxPaymentProvider(db: Database, options: SandboxPaymentProviderOptions): PaymentProvider {
  const now = options.now ?? (() => new Date());
  // The table keeps only the create key, so this process remembers which key captured which intent, for replays.
  const captures = new Map<string, { intentId: string; expiresAt: number; result: Promise<Payment> }>();

  function captureMadeWith(idempotencyKey: string) {
    const time = now().getTime();
    for (const [key, entry] of captures) {
      if (entry.expiresAt > time) break;
      captures.delete(key);
    }
    return captures.get(idempotencyKey);
  }

  async function findRow(id: string): Promise<SandboxPaymentIntentRow> {
    const [row] = await intentById(db).execute({ id });
    if (!row) throw paymentIntentNotFound(id);
    return row;
  }

  /** One conditional UPDATE: of two captures, or a capture and a cancel, only one finds the intent in requires_capture. */
  async function captureOnce(id: string): Promise<Payment> {
    const [captured] = await captureIntent(db).execute({ id, now: now().toISOString() });
    if (captured) {
      // As Stripe does shortly after capturing a test card's charge: a dispute, told once the capture has been answered.
      if (captured.disputeReason && options.events) disputeAfterCapture(db, options.events, captured, now());
      return toPayment(captured);
    }
    throw unexpectedState('capture', (await findRow(id)).status as PaymentIntentStatus, CAPTURABLE);
  }

  return {
    kind: 'sandbox',
    publishableKey: null,
    testMode: true,
    // Signed as Stripe signs its events (webhook-signature.ts).
    webhookSignatureHeader: 'stripe-signature',
    disputeFeeCents: SANDBOX_DISPUTE_FEE_CENTS,

    /** A sandbox payment's charge is named after its intent: ch_sandbox_X belongs to pi_sandbox_X. */
    async paymentIdOfCharge(chargeId: string): Promise<string | null> {
      const suffix = /^ch_sandbox_(\w+)$/.exec(chargeId)?.[1];
      if (!suffix) return null;
      const [row] = await db
        .select({ id: sandboxPaymentIntents.id })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, `pi_sandbox_${suffix}`));
      return row?.id ?? null;
    },

    async createPayment(request: CreatePaymentRequest): Promise<Payment> {
      if (!Number.isInteger(request.amountCents) || request.amountCents < MINIMUM_AMOUNT_CENTS) {
        throw new PaymentProviderError('Amount must be at least $0.50 usd', {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          status: 400,
          retryable: false,
        });
      }
      const id = `pi_sandbox_${randomBase62(24)}`;
      const createdAt = now();
      const [inserted] = await insertIntent(db).execute({
        id,
        clientSecret: `${id}_secret_${randomBase62(24)}`,
        amount: request.amountCents,
        currency: request.currency,
        receiptEmail: request.receiptEmail,
        metadata: request.metadata,
        idempotencyKey: request.idempotencyKey,
        requestThreeDSecure: request.threeDSecure === 'required',
        ...intentChoiceOf(request.methodChoice),
        createdAt,
      });
      if (inserted) return toPayment(inserted);

      const [first] = await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.idempotencyKey, request.idempotencyKey));
      if (!first) throw new Error(`The sandbox payment intent for idempotency key ${request.idempotencyKey} vanished`);
      if (!sameCreateParameters(first, request)) throw idempotencyKeyReused(request.idempotencyKey);
      return toPayment(first);
    },

    async getPayment(id: string): Promise<Payment> {
      return toPayment(await findRow(id));
    },

    capturePayment(id: string, { idempotencyKey }: { idempotencyKey: string }): Promise<Payment> {
      const earlier = captureMadeWith(idempotencyKey);
      if (earlier) {
        if (earlier.intentId !== id) return Promise.reject(idempotencyKeyReused(idempotencyKey));
        // A retry, even one sent while the first is still running, gets the first capture's answer.
        return earlier.result;
      }
      const entry = { intentId: id, expiresAt: now().getTime() + IDEMPOTENCY_WINDOW_MS, result: captureOnce(id) };
      captures.set(idempotencyKey, entry);
      // Only a capture that happened is replayed; after a refusal the key may be tried again.
      entry.result.catch(() => captures.get(idempotencyKey) === entry && captures.delete(idempotencyKey));
      return entry.result;
    },

    async releasePayment(id, { reason }): Promise<Payment> {
      // One conditional UPDATE: of a cancel and a concurrent capture, only one finds the status it needs.
      const [canceled] = await db
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', cancellationReason: reason, updatedAt: now() })
        .where(and(eq(sandboxPaymentIntents.id, id), inArray(sandboxPaymentIntents.status, [...CANCELABLE])))
        .returning();
      if (canceled) return toPayment(canceled);
      const latest = await findRow(id);
      if (latest.status === 'canceled') return toPayment(latest);
      throw unexpectedState('cancel', latest.status as PaymentIntentStatus, CANCELABLE);
    },

    refundPayment(paymentId, request) {
      return refundSandboxPayment(db, paymentId, request, now());
    },

    verifyWebhookEvent(rawBody, signature) {
      return verifySandboxWebhook(rawBody, signature, options.webhookSecret, now());
    },

    getDispute(disputeId) {
      return getSandboxDispute(db, disputeId);
    },

    submitDisputeEvidence(disputeId, evidence) {
      return submitSandboxDisputeEvidence(db, options.events, disputeId, evidence, now());
    },

    savedCards: {
      ...createSandboxSavedCards(db, now),
      confirmOffSession: (paymentId, { paymentMethodId }) => confirmOffSession(db, paymentId, paymentMethodId, now()),
    },
  };
}

function sameCreateParameters(row: SandboxPaymentIntentRow, request: CreatePaymentRequest): boolean {
  return (
    row.amount === request.amountCents &&
    row.currency === request.currency &&
    row.receiptEmail === request.receiptEmail &&
    row.requestThreeDSecure === (request.threeDSecure === 'required') &&
    canonicalJson(row.metadata) === canonicalJson(request.metadata)
  );
}

function canonicalJson(record: Record<string, string>): string {
  return JSON.stringify(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
