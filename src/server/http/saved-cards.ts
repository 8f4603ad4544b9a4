import type { FastifyInstance } from 'fastify';
import { savedCardIdParamsSchema, type RemoveSavedCardResponse, type SavedCardListResponse } from '../../shared/api/saved-cards';
import type { Guards } from '../auth/guards';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../payments/provider';
import { listSavedCards, removeSavedCard, savedCardNotFound } from '../saved-cards/saved-cards';

interface SavedCardRouteDeps {
  db: Database;
  guards: Guards;
  payments: PaymentProvider;
  now: () => Date;
}

/** Another customer's id, or no id at all, is simply not found (never 403: it would say the id exists). */
function parseSavedCardId(params: unknown): string {
  const result = savedCardIdParamsSchema.safeParse(params);
  if (!result.success) throw savedCardNotFound();
  return result.data.id;
}

/** ADR 063: the signed-in customer's saved cards, listed for the payment step and the profile, and removed from the profile. */
export function registerSavedCardRoutes(app: FastifyInstance, { db, guards, payments, now }: SavedCardRouteDeps) {
  const { requireUser } = guards;

  app.get('/api/user/payment-methods', { preHandler: requireUser }, async (request, reply): Promise<SavedCardListResponse> => {
    reply.header('Cache-Control', 'no-store');
    return { success: true, cards: await listSavedCards(db, request.account!.id, payments.kind) };
  });

  app.delete('/api/user/payment-methods/:id', { preHandler: requireUser }, async (request): Promise<RemoveSavedCardResponse> => {
    const id = parseSavedCardId(request.params);
    await removeSavedCard(db, payments, request.account!.id, id, now());
    return { success: true };
  });
}
