import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminLimitsBodySchema,
  adminPricingBodySchema,
  adminPricingHistoryQuerySchema,
  type AdminLimitsResponse,
  type AdminLimitsUpdateResponse,
  type AdminPricingHistoryResponse,
  type AdminPricingResponse,
  type AdminPricingUpdateResponse,
} from '../../../shared/api/admin-settings';
import type { AdminActor } from '../../audit/audit-log';
import { limitValuesOf, readLimits, updateLimits } from '../../admin/limits-settings';
import { listPriceChanges, readPricing, updatePricing } from '../../admin/pricing-settings';
import type { Database } from '../../db/client';
import type { ServiceLimitsSource } from '../../orders/service-limits';
import type { ChangeBus } from '../../shared-state/changes';
import { parseWith } from '../errors';

export interface AdminSettingsRouteDeps {
  db: Database;
  now: () => Date;
  /** This instance's limits (their defaults); a save is applied through `changes`. */
  limits: ServiceLimitsSource;
  /** Tells every instance, this one first, to drop its copies of what was saved. */
  changes: ChangeBus;
}

/** The signed-in admin (requireAdmin ran before every route of the scope). */
const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });

/** /api/admin/pricing and /api/admin/limits: the settings admins change while the product runs (each save one audit row). */
export function registerAdminSettingsRoutes(admin: FastifyInstance, { db, now, limits, changes }: AdminSettingsRouteDeps) {
  admin.get('/pricing', async (): Promise<AdminPricingResponse> => ({ success: true, pricing: await readPricing(db) }));

  admin.get('/pricing/history', async (request): Promise<AdminPricingHistoryResponse> => {
    const query = parseWith(adminPricingHistoryQuerySchema, request.query);
    return { success: true, ...(await listPriceChanges(db, query)) };
  });

  admin.put('/pricing', async (request): Promise<AdminPricingUpdateResponse> => {
    const body = parseWith(adminPricingBodySchema, request.body);
    const pricing = await updatePricing(db, { ...body, actor: actorOf(request), now: now() });
    changes.announce('pricing');
    return { success: true, pricing };
  });

  admin.get('/limits', async (): Promise<AdminLimitsResponse> => ({
    success: true,
    limits: await readLimits(db, limits.defaults),
    defaults: limitValuesOf(limits.defaults),
  }));

  admin.put('/limits', async (request): Promise<AdminLimitsUpdateResponse> => {
    const body = parseWith(adminLimitsBodySchema, request.body);
    const saved = await updateLimits(db, { ...body, actor: actorOf(request), now: now(), defaults: limits.defaults });
    changes.announce('service-limits');
    return { success: true, limits: saved };
  });
}
