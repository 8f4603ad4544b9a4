import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sandboxConfirmBodySchema, type SandboxConfirmResponse } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { PaymentProviderError } from '../payments/provider';
import { answerSandboxChallenge, awaitsChallenge, intentWithSecret, returnPathAfterChallenge } from '../payments/sandbox/challenge';
import { answeredChallengePage, challengeLanguageOf, challengePage } from '../payments/sandbox/challenge-page';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import { deliverSandboxEvent, sendPaymentFailed } from '../payments/sandbox/events';
import type { SandboxEventListener } from '../payments/sandbox/sandbox-payment-provider';
import { parseWith, passedOnRefusal } from './errors';

const confirmParamsSchema = z.object({ id: z.string().min(1).max(255) });
const challengeQuerySchema = z.object({ client_secret: z.string().min(1).max(255), lang: z.string().max(8).optional() });
const challengeAnswerSchema = z.object({ client_secret: z.string().min(1).max(255), answer: z.enum(['complete', 'fail']) });

/** The challenge page is a document of its own, outside the app: nothing but its inline style and its own forms. */
const CHALLENGE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function sendPage(reply: FastifyReply, html: string) {
  return (
    reply
      .header('content-security-policy', CHALLENGE_PAGE_CSP)
      .header('cache-control', 'no-store')
      // Not no-referrer: a form posted from a no-referrer page says Origin: null, which the cross-site check refuses.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/** A provider refusal (unknown intent, wrong secret, finished intent) as the API's error answer. */
async function refusalsPassedOn<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw passedOnRefusal(error.status, error.code, error.message);
    throw error;
  }
}

/** Enough for a tester trying every test card in turn; a card-number guesser is slowed down. */
export const CONFIRMS_PER_MINUTE_PER_ADDRESS = 60;

/**
 * The sandbox payment form's confirm call, and the 3-D Secure challenge page a test card may send the payer to.
 * The confirm call, Stripe's stand-in. Like Stripe's, it needs no sign-in: the client secret
 * is the proof. Declines answer 402 with Stripe's error shape; unknown intents 404, finished ones 400.
 */
export function registerSandboxPaymentRoutes(app: FastifyInstance, deps: { db: Database; events?: SandboxEventListener }) {
  app.post(
    '/api/sandbox-payments/:id/confirm',
    { config: { rateLimit: { max: CONFIRMS_PER_MINUTE_PER_ADDRESS, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { id } = parseWith(confirmParamsSchema, request.params);
      const body = parseWith(sandboxConfirmBodySchema, request.body);
      const answer: SandboxConfirmResponse = await refusalsPassedOn(() => confirmSandboxPaymentIntent(deps.db, id, body));
      // As Stripe sends payment_intent.payment_failed after a decline; delivered before the answer, so that the
      // card-testing rules have counted it by the time the payer tries again.
      if ('error' in answer && deps.events) await deliverSandboxEvent(deps.events, 'payment_intent.payment_failed', { id, object: 'payment_intent' });
      return reply.status('error' in answer ? 402 : 200).send(answer);
    },
  );

  // The 3-D Secure challenge page (Stripe's test page) and the answer its two buttons post, as a plain form.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const rateLimit = { max: CONFIRMS_PER_MINUTE_PER_ADDRESS, timeWindow: '1 minute' };

    scope.get(SANDBOX_CHALLENGE_ROUTE, { config: { rateLimit } }, async (request, reply) => {
      const { id } = parseWith(confirmParamsSchema, request.params);
      const query = parseWith(challengeQuerySchema, request.query);
      const language = challengeLanguageOf(query.lang);
      const intent = await refusalsPassedOn(() => intentWithSecret(deps.db, id, query.client_secret));
      if (!awaitsChallenge(intent)) return sendPage(reply, answeredChallengePage(language, returnPathAfterChallenge(intent)));
      return sendPage(reply, challengePage(intent, language, request.url.split('?')[0]!));
    });

    scope.post(SANDBOX_CHALLENGE_ROUTE, { config: { rateLimit } }, async (request, reply) => {
      const { id } = parseWith(confirmParamsSchema, request.params);
      const body = parseWith(challengeAnswerSchema, request.body);
      const before = await refusalsPassedOn(() => intentWithSecret(deps.db, id, body.client_secret));
      const intent = await refusalsPassedOn(() => answerSandboxChallenge(deps.db, id, body.client_secret, body.answer));
      if (awaitsChallenge(before) && intent.status === 'requires_payment_method') sendPaymentFailed(deps.events, id);
      return reply.status(303).header('location', returnPathAfterChallenge(intent)).send();
    });
  });
}

/** The sandbox's 3-D Secure challenge: GET shows the page, POST takes its answer and returns to /payment-complete. */
export const SANDBOX_CHALLENGE_ROUTE = '/api/sandbox-payments/:id/authenticate';
