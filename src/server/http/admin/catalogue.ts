import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminReasonBodySchema } from '../../../shared/api/admin';
import {
  adminCatalogueCountriesQuerySchema,
  adminCatalogueCountryParamsSchema,
  adminCatalogueOperatorParamsSchema,
  CATALOGUE_SWITCH_ACTIONS,
  type AdminCatalogueCountriesResponse,
  type AdminCatalogueCountryActionResponse,
  type AdminCatalogueCountryResponse,
  type AdminCatalogueOperatorActionResponse,
} from '../../../shared/api/admin-catalogue';
import type { AdminActor } from '../../audit/audit-log';
import { catalogueCountryPage, listCatalogueCountries, setCountryEnabled, setOperatorEnabled } from '../../admin/catalogue';
import type { Catalogue } from '../../catalog/catalogue';
import type { Database } from '../../db/client';
import { parseWith } from '../errors';

export interface AdminCatalogueRouteDeps {
  db: Database;
  catalogue: Catalogue;
  now: () => Date;
}

/** The signed-in admin (requireAdmin ran before every route of the scope). */
const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });

/**
 * /api/admin/catalogue: the destinations and the provider's operators with their switches, and the switches themselves
 * (each one audit row). Paths carry the country's code in any case; it is read as the upper-case code.
 */
export function registerAdminCatalogueRoutes(admin: FastifyInstance, { db, catalogue, now }: AdminCatalogueRouteDeps) {
  const provider = catalogue.switches.provider;

  admin.get('/catalogue/countries', async (request): Promise<AdminCatalogueCountriesResponse> => {
    const query = parseWith(adminCatalogueCountriesQuerySchema, request.query);
    return { success: true, provider, ...(await listCatalogueCountries(db, catalogue, query)) };
  });

  admin.get('/catalogue/countries/:iso', async (request): Promise<AdminCatalogueCountryResponse> => {
    const { iso } = parseWith(adminCatalogueCountryParamsSchema, request.params);
    return { success: true, provider, ...(await catalogueCountryPage(db, catalogue, iso)) };
  });

  for (const action of CATALOGUE_SWITCH_ACTIONS) {
    const enabled = action === 'enable';

    admin.post(`/catalogue/countries/:iso/${action}`, async (request): Promise<AdminCatalogueCountryActionResponse> => {
      const { iso } = parseWith(adminCatalogueCountryParamsSchema, request.params);
      const { reason } = parseWith(adminReasonBodySchema, request.body);
      const country = await setCountryEnabled(db, catalogue, { actor: actorOf(request), iso, enabled, reason, now: now() });
      return { success: true, country };
    });

    admin.post(`/catalogue/countries/:iso/operators/:operatorId/${action}`, async (request): Promise<AdminCatalogueOperatorActionResponse> => {
      const { iso, operatorId } = parseWith(adminCatalogueOperatorParamsSchema, request.params);
      const { reason } = parseWith(adminReasonBodySchema, request.body);
      const operator = await setOperatorEnabled(db, catalogue, { actor: actorOf(request), iso, operatorId, enabled, reason, now: now() });
      return { success: true, operator };
    });
  }
}
