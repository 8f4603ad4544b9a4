import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sandboxConfirmBodySchema, type SandboxConfirmResponse } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { PaymentProviderError } from '../payments/provider';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import { parseWith, passedOnRefusal } from './errors';

const confirmParamsSchema = z.object({ id: z.string().min(1).max(255) });

/** Enough for a tester trying every test card in turn; a card-number guesser is slowed down. */
export const CONFIRMS_PER_MINUTE_PER_ADDRESS = 60;

/**
 * The sandbox payment form's confirm call, Stripe's stand-in. Like Stripe's, it needs no sign-in: the client secret
 * is the proof. Declines answer 402 with Stripe's error shape; unknown intents 404, finished ones 400.
 */
export function registerSandboxPaymentRoutes(app: FastifyInstance, deps: { db: Database }) {
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
      return reply.status('error' in answer ? 402 : 200).send(answer);
    },
  );
}
