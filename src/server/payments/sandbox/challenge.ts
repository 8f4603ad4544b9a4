import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxPaymentIntents } from '../../db/schema';
import type { ThreeDSecureResult } from '../provider';
import { paymentIntentNotFound, type SandboxPaymentIntentRow, secretIs } from './payment-intents';
import { AUTHENTICATION_FAILED } from './test-cards';

/** The payer's answer on the challenge page: Stripe's test page has the same two buttons. */
export type ChallengeAnswer = 'complete' | 'fail';

/** Where the sandbox sends the payer to authenticate a payment (the confirm answer's next_action). */
export function sandboxChallengePath(intentId: string, clientSecret: string): string {
  return `/api/sandbox-payments/${encodeURIComponent(intentId)}/authenticate?client_secret=${encodeURIComponent(clientSecret)}`;
}

/** Where the payer returns after the challenge, with Stripe's query parameters (docs/product.md §2 /payment-complete). */
export function returnPathAfterChallenge(intent: SandboxPaymentIntentRow): string {
  const query = new URLSearchParams({
    payment_intent: intent.id,
    payment_intent_client_secret: intent.clientSecret,
    redirect_status: intent.status === 'requires_capture' ? 'succeeded' : 'failed',
  });
  return `/payment-complete?${query.toString()}`;
}

/** The intent with this id and client secret; Stripe's 404 for an unknown one or another secret. */
export async function intentWithSecret(db: Database, intentId: string, clientSecret: string): Promise<SandboxPaymentIntentRow> {
  const [intent] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(and(eq(sandboxPaymentIntents.id, intentId), secretIs(clientSecret)));
  if (!intent) throw paymentIntentNotFound(intentId);
  return intent;
}

/** Whether the intent waits on its challenge page. */
export function awaitsChallenge(intent: SandboxPaymentIntentRow): boolean {
  return intent.status === 'requires_action' && intent.challengeOutcome !== null;
}

/**
 * The payer's answer on the challenge page, as Stripe's 3-D Secure ends: completed, the card is authorised (or, for
 * the test card that is declined after authenticating, declined); failed, the intent takes another card with Stripe's
 * payment_intent_authentication_failure. Answered once: a second answer (another tab, a second click) leaves the
 * first one standing. Returns the intent as it stands afterwards.
 */
export async function answerSandboxChallenge(
  db: Database,
  intentId: string,
  clientSecret: string,
  answer: ChallengeAnswer,
  now: Date = new Date(),
): Promise<SandboxPaymentIntentRow> {
  const intent = await intentWithSecret(db, intentId, clientSecret);
  if (!awaitsChallenge(intent)) return intent;
  const after = intent.challengeOutcome!;
  const authenticated: ThreeDSecureResult = answer === 'complete' ? 'authenticated' : 'failed';
  const changes =
    answer === 'complete' && after.kind === 'authorised'
      ? {
          status: 'requires_capture',
          lastPaymentError: null,
          refundFailureReason: after.refundFailureReason ?? null,
          disputeReason: after.disputeReason ?? null,
        }
      : {
          status: 'requires_payment_method',
          paymentMethodType: null,
          lastPaymentError: answer === 'complete' && after.kind === 'declined' ? after.error : AUTHENTICATION_FAILED,
        };
  // Conditional, so of two answers racing only the first decides.
  const [updated] = await db
    .update(sandboxPaymentIntents)
    .set({ ...changes, challengeOutcome: null, threeDSecureResult: authenticated, updatedAt: now })
    .where(and(eq(sandboxPaymentIntents.id, intentId), eq(sandboxPaymentIntents.status, 'requires_action')))
    .returning();
  return updated ?? intentWithSecret(db, intentId, clientSecret);
}
