import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addRecipientRequestSchema,
  recipientIdParamsSchema,
  renameRecipientRequestSchema,
  type DeleteRecipientResponse,
  type RecipientListResponse,
  type RecipientResponse,
} from '../../shared/api/recipients';
import type { Guards } from '../auth/guards';
import { refuseUnservedDestination, type DestinationSwitches } from '../catalog/destination-switches';
import type { AttemptCounts } from '../db/attempt-counts';
import type { Database } from '../db/client';
import { DomainError } from '../domain-error';
import {
  addRecipient,
  deleteRecipient,
  listRecipients,
  recipientNotFound,
  renameRecipient,
  type DetectOperator,
} from '../recipients/saved-recipients';
import { enforceLimits, REQUEST_LIMITS } from '../request-limits';
import type { OperatorDirectory } from '../topups/provider';
import { parseWith } from './errors';

interface RecipientRouteDeps {
  db: Database;
  guards: Guards;
  counts: AttemptCounts;
  operators: OperatorDirectory;
  destinations: DestinationSwitches;
  now: () => Date;
}

/** Another customer's id, or no id at all, is simply not found (never 403: it would say the id exists). */
function parseRecipientId(params: unknown): string {
  const result = recipientIdParamsSchema.safeParse(params);
  if (!result.success) throw recipientNotFound();
  return result.data.id;
}

/** docs/product.md §11: the signed-in customer's saved recipients. */
export function registerRecipientRoutes(app: FastifyInstance, { db, guards, counts, operators, destinations, now }: RecipientRouteDeps) {
  const { requireUser } = guards;

  /**
   * The operator of an added number, found the way the recipient step finds it and counted under the same limit; when
   * that limit is spent or the provider cannot tell, the number is saved without one (its first top-up records it).
   */
  const detectFor =
    (request: FastifyRequest): DetectOperator =>
    async (nationalNumber, countryIso) => {
      try {
        await enforceLimits(counts, [[REQUEST_LIMITS.detectionsPerAddress, request.ip]]);
        const operator = await operators.detectOperator(nationalNumber, countryIso);
        return { operatorId: operator.operatorId, operatorName: operator.name };
      } catch (error) {
        if (!(error instanceof DomainError)) request.log.info({ err: error }, 'saved recipient added without its operator');
        return null;
      }
    };

  app.get('/api/recipients', { preHandler: requireUser }, async (request, reply): Promise<RecipientListResponse> => {
    reply.header('Cache-Control', 'no-store');
    return { success: true, recipients: await listRecipients(db, request.account!.id) };
  });

  app.post('/api/recipients', { preHandler: requireUser }, async (request, reply): Promise<RecipientResponse> => {
    const body = parseWith(addRecipientRequestSchema, request.body);
    const userId = request.account!.id;
    await refuseUnservedDestination(destinations, body.countryCode, undefined, { country: 'countryCode' });
    await enforceLimits(counts, [[REQUEST_LIMITS.recipientAddsPerUser, userId]]);
    const { recipient, created } = await addRecipient(
      db,
      { userId, countryIso: body.countryCode, phone: body.phone, name: body.name ?? null, now: now() },
      detectFor(request),
    );
    reply.status(created ? 201 : 200);
    return { success: true, recipient, created };
  });

  app.patch('/api/recipients/:id', { preHandler: requireUser }, async (request): Promise<RecipientResponse> => {
    const id = parseRecipientId(request.params);
    const { name } = parseWith(renameRecipientRequestSchema, request.body);
    return { success: true, recipient: await renameRecipient(db, request.account!.id, id, name, now()) };
  });

  app.delete('/api/recipients/:id', { preHandler: requireUser }, async (request): Promise<DeleteRecipientResponse> => {
    const id = parseRecipientId(request.params);
    await deleteRecipient(db, request.account!.id, id);
    return { success: true };
  });
}
