import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sandboxConfirmBodySchema, type SandboxConfirmResponse } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { PaymentProviderError } from '../payments/provider';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import { randomBase62 } from '../payments/sandbox/payment-intents';
import type { SandboxEventListener } from '../payments/sandbox/sandbox-payment-provider';
import { paymentEventOf } from '../payments/stripe/vocabulary';
import { parseWith, passedOnRefusal } from './errors';

const confirmParamsSchema = z.object({ id: z.string().min(1).max(255) });

/** Delivers the decline's event as the webhook's would be; a failure is logged, never the payer's answer. */
async function tellDecline(events: SandboxEventListener, paymentIntentId: string) {
  const event = paymentEventOf({
    id: `evt_sandbox_${randomBase62(24)}`,
    type: 'payment_intent.payment_failed',
    data: { object: { id: paymentIntentId } },
  });
  try {
    await events.deliver(event);
  } catch (error) {
    events.log.error({ err: error, eventId: event.id, paymentIntentId }, 'the sandbox could not deliver its decline event');
  }
}

/** Enough for a tester trying every test card in turn; a card-number guesser is slowed down. */
export const CONFIRMS_PER_MINUTE_PER_ADDRESS = 60;

/**
 * The sandbox payment form's confirm call, Stripe's stand-in. Like Stripe's, it needs no sign-in: the client secret
 * is the proof. Declines answer 402 with Stripe's error shape; unknown intents 404, finished ones 400.
 */
export function registerSandboxPaymentRoutes(app: FastifyInstance, deps: { db: Database; events?: SandboxEventListener }) {
  app.post(
    '/api/sandbox-payments/:id/confirm',
    { config: { rateLimit: { max: CONFIRMS_PER_MINUTE_PER_ADDRESS, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { id } = parseWith(confirmParamsSchema, request.params);
      const body = parseWith(sandboxConfirmBodySchema, request.body);
      let answer: SandboxConfirmResponse;
      try {
        answer = await confirmSandboxPaymentIntent(deps.db, id, body);
      } catch (error) {
        if (error instanceof PaymentProviderError) throw passedOnRefusal(error.status, error.code, error.message);
        throw error;
      }
      // As Stripe sends payment_intent.payment_failed after a decline (the card-testing rules count them).
      if ('error' in answer && deps.events) await tellDecline(deps.events, id);
      return reply.status('error' in answer ? 402 : 200).send(answer);
    },
  );
}
