import type { FastifyInstance } from 'fastify';
import { createTopupRequestBodySchema, type GetTopupRequestResponse, type ListTopupRequestsResponse } from '../../shared/api/topup-requests';
import type { Guards } from '../auth/guards';
import {
  createTopupRequest,
  listOwnTopupRequests,
  readTopupRequest,
  revokeTopupRequest,
  type TopupRequestServices,
} from '../topup-requests/topup-requests';
import { canonicalAddress } from './client-address';
import { parseWith } from './errors';

/**
 * POST /api/topup-requests (a signed-in customer with a confirmed address), GET /api/user/topup-requests (their
 * links), DELETE /api/user/topup-requests/:id (revoke one) and GET /api/topup-requests/:token (anyone holding the link) —
 * docs/product.md §7, ADR 022.
 */
export function registerTopupRequestRoutes(app: FastifyInstance, { services, guards }: { services: TopupRequestServices; guards: Guards }) {
  app.post('/api/topup-requests', { preHandler: guards.requireUser }, async (request, reply) => {
    const input = parseWith(createTopupRequestBodySchema, request.body);
    const account = request.account!;
    const body = await createTopupRequest(services, input, {
      address: canonicalAddress(request.ip),
      userId: account.id,
      emailVerified: account.emailVerified,
    });
    return reply.status(201).send(body);
  });

  app.get('/api/user/topup-requests', { preHandler: guards.requireUser }, async (request) => {
    const body: ListTopupRequestsResponse = { success: true, requests: await listOwnTopupRequests(services, request.account!.id) };
    return body;
  });

  app.delete<{ Params: { id: string } }>('/api/user/topup-requests/:id', { preHandler: guards.requireUser }, async (request, reply) => {
    await revokeTopupRequest(services, request.account!.id, request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Params: { token: string } }>('/api/topup-requests/:token', async (request) => {
    const body: GetTopupRequestResponse = { success: true, request: await readTopupRequest(services, request.params.token) };
    return body;
  });
}
