import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminFeeRuleBodySchema,
  adminFeeRuleOperatorsQuerySchema,
  adminFeeRuleRemovalSchema,
  type AdminFeeRuleOperatorsResponse,
  type AdminFeeRulesResponse,
  type AdminFeeRulesUpdateResponse,
} from '../../../shared/api/admin-fee-rules';
import { feeRuleOperators, readFeeRules, removeFeeRule, setFeeRule } from '../../admin/fee-rules';
import type { AdminActor } from '../../audit/audit-log';
import type { Catalogue } from '../../catalog/catalogue';
import type { Database } from '../../db/client';
import { parseWith } from '../errors';

/** The signed-in admin (requireAdmin ran before every route of the scope). */
const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });

/** /api/admin/pricing/rules: the fee rules per country and per operator (each change one audit row). */
export function registerAdminFeeRuleRoutes(admin: FastifyInstance, { db, catalogue, now }: { db: Database; catalogue: Catalogue; now: () => Date }) {
  admin.get('/pricing/rules', async (): Promise<AdminFeeRulesResponse> => ({ success: true, ...(await readFeeRules(db, catalogue)) }));

  admin.get('/pricing/rules/operators', async (request): Promise<AdminFeeRuleOperatorsResponse> => {
    const { countryCode } = parseWith(adminFeeRuleOperatorsQuerySchema, request.query);
    return { success: true, countryCode, operators: await feeRuleOperators(db, catalogue, countryCode) };
  });

  admin.put('/pricing/rules', async (request): Promise<AdminFeeRulesUpdateResponse> => {
    const body = parseWith(adminFeeRuleBodySchema, request.body);
    return { success: true, ...(await setFeeRule(db, catalogue, { ...body, actor: actorOf(request), now: now() })) };
  });

  admin.delete('/pricing/rules', async (request): Promise<AdminFeeRulesUpdateResponse> => {
    const body = parseWith(adminFeeRuleRemovalSchema, request.body);
    return { success: true, ...(await removeFeeRule(db, catalogue, { ...body, actor: actorOf(request), now: now() })) };
  });
}
