import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminPromoCodeCreateSchema,
  adminPromoCodeParamsSchema,
  adminPromoCodeUpdateSchema,
  type AdminPromoCodeOrdersResponse,
  type AdminPromoCodeResponse,
  type AdminPromoCodesResponse,
} from '../../../shared/api/promo-codes';
import { createPromoCode, listPromoCodes, promoCodeOrders, updatePromoCode } from '../../admin/promo-codes';
import type { AdminActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { parseWith } from '../errors';

/** The signed-in admin (requireAdmin ran before every route of the scope). */
const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });

/** /api/admin/promo-codes: the codes with their uses, a new code, a change (versioned, audited), a code's orders. */
export function registerAdminPromoCodeRoutes(admin: FastifyInstance, { db, now }: { db: Database; now: () => Date }) {
  admin.get('/promo-codes', async (): Promise<AdminPromoCodesResponse> => ({ success: true, codes: await listPromoCodes(db) }));

  admin.post('/promo-codes', async (request): Promise<AdminPromoCodeResponse> => {
    const body = parseWith(adminPromoCodeCreateSchema, request.body);
    return { success: true, code: await createPromoCode(db, body, { actor: actorOf(request), now: now() }) };
  });

  admin.put('/promo-codes/:id', async (request): Promise<AdminPromoCodeResponse> => {
    const { id } = parseWith(adminPromoCodeParamsSchema, request.params);
    const body = parseWith(adminPromoCodeUpdateSchema, request.body);
    return { success: true, code: await updatePromoCode(db, id, body, { actor: actorOf(request), now: now() }) };
  });

  admin.get('/promo-codes/:id/orders', async (request): Promise<AdminPromoCodeOrdersResponse> => {
    const { id } = parseWith(adminPromoCodeParamsSchema, request.params);
    return { success: true, orders: await promoCodeOrders(db, id) };
  });
}
