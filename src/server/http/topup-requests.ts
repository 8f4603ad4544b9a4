import type { FastifyInstance } from 'fastify';
import { createTopupRequestBodySchema, type GetTopupRequestResponse } from '../../shared/api/topup-requests';
import type { Guards } from '../auth/guards';
import { createTopupRequest, readTopupRequest, type TopupRequestServices } from '../topup-requests/topup-requests';
import { canonicalAddress } from './client-address';
import { parseWith } from './errors';

/** POST /api/topup-requests (visitors too) and GET /api/topup-requests/:token (docs/product.md §7, ADR 022). */
export function registerTopupRequestRoutes(app: FastifyInstance, { services, guards }: { services: TopupRequestServices; guards: Guards }) {
  app.post('/api/topup-requests', async (request, reply) => {
    const input = parseWith(createTopupRequestBodySchema, request.body);
    const account = await guards.currentUser(request);
    const body = await createTopupRequest(services, input, { address: canonicalAddress(request.ip), userId: account?.id ?? null });
    return reply.status(201).send(body);
  });

  app.get<{ Params: { token: string } }>('/api/topup-requests/:token', async (request) => {
    const body: GetTopupRequestResponse = { success: true, request: await readTopupRequest(services, request.params.token) };
    return body;
  });
}
