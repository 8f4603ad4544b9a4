import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminDisputeEvidenceBodySchema, type AdminDisputeEvidenceResponse } from '../../../shared/api/admin-disputes';
import { DomainError } from '../../domain-error';
import { disputeEvidenceOf, submitDisputeEvidence, type EvidenceContext } from '../../orders/dispute-actions';
import type { OrderServices } from '../../orders/services';
import { parseWith } from '../errors';

const orderIdSchema = z.object({ id: z.uuid() });

function orderIdOf(params: unknown): string {
  const parsed = orderIdSchema.safeParse(params);
  if (!parsed.success) throw new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.orderNotFound' });
  return parsed.data.id;
}

/**
 * GET /api/admin/orders/:id/dispute/evidence: the dispute's evidence as a plain-text file to attach;
 * POST the same path with `{ statement }`: submitted to the payment provider (audited). 404 without a dispute, 409 when
 * it no longer awaits evidence or evidence was already submitted (ADR 060).
 */
export function registerAdminDisputeRoutes(admin: FastifyInstance, { services, context }: { services: OrderServices; context: EvidenceContext }) {
  admin.get('/orders/:id/dispute/evidence', async (request, reply) => {
    const evidence = await disputeEvidenceOf(services.db, orderIdOf(request.params), context);
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="dispute-evidence-${evidence.reference}.txt"`)
      .header('cache-control', 'no-store')
      .send(evidence.text);
  });

  admin.post('/orders/:id/dispute/evidence', async (request): Promise<AdminDisputeEvidenceResponse> => {
    const orderId = orderIdOf(request.params);
    const { statement } = parseWith(adminDisputeEvidenceBodySchema, request.body);
    const account = request.account!;
    const dispute = await submitDisputeEvidence(services, { orderId, actor: { id: account.id, email: account.email }, statement, context });
    return { success: true, dispute };
  });
}
