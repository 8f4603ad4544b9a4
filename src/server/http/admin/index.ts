import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminUsersResponse } from '../../../shared/api/account';
import type { Guards } from '../../auth/guards';
import type { Database } from '../../db/client';
import { user } from '../../db/schema';
import type { Catalogue } from '../../catalog/catalogue';
import { readAlertThresholds } from '../../alerts/alert-settings';
import { registerAdminAlertRoutes, type AdminAlertRouteDeps } from './alerts';
import { registerAdminAuditLogRoutes } from './audit-log';
import { registerAdminCatalogueRoutes } from './catalogue';
import { registerAdminFeeRuleRoutes } from './fee-rules';
import { registerAdminCustomerRoutes, type AdminCustomerRouteDeps } from './customers';
import { registerAdminMessageRoutes } from './messages';
import { registerAdminRiskRoutes } from './risk';
import { registerAdminPromoCodeRoutes } from './promo-codes';
import { registerAdminReferralRoutes } from '../referrals';
import { registerAdminAutoTopupRoutes } from './auto-topups';
import type { Fulfilment } from '../../orders/fulfilment';
import type { OrderServices } from '../../orders/services';
import { registerOrderActionRoutes } from './order-actions';
import { registerAdminOrderReadRoutes } from './orders';
import { registerAdminSettingsRoutes, type AdminSettingsRouteDeps } from './settings';
import { registerAdminOrdersExportRoute } from './orders-export';
import { registerAdminSettlementRoute } from './settlement';
import { registerAdminDisputeRoutes } from './disputes';
import type { EvidenceContext } from '../../orders/dispute-actions';

interface AdminRouteDeps extends AdminCustomerRouteDeps, Pick<AdminSettingsRouteDeps, 'changes'>, Pick<AdminAlertRouteDeps, 'alertDefaults'> {
  db: Database;
  guards: Guards;
  /** The order code the actions on orders run (the same instance the checkout and the reconciler use). */
  orderServices: OrderServices;
  fulfilment: Fulfilment;
  /**
   * The catalogue's switches and the copies this server keeps of them (the console's catalogue changes both); its
   * dropCaches() tells every instance.
   */
  catalogue: Catalogue;
  /** What a dispute's evidence names besides the order: the receipt's address and the merchant (ADR 060). */
  disputeEvidence: EvidenceContext;
}

/**
 * /api/admin/*: every route behind requireAdmin (401 visitors; 403 non-admins and admins without two-factor). Each
 * area of the operations console registers its routes from a file of its own in this folder.
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  { db, guards, alertDefaults, now, limits, orderServices, fulfilment, catalogue, sessions, changes, disputeEvidence }: AdminRouteDeps,
) {
  await app.register(
    async (admin) => {
      admin.addHook('preHandler', guards.requireAdmin);
      registerAdminCustomerRoutes(admin, { db, now, limits, sessions });
      registerAdminSettingsRoutes(admin, { db, now, limits, changes });
      registerAdminAuditLogRoutes(admin, { db });
      registerOrderActionRoutes(admin, { services: orderServices, fulfilment });
      registerAdminOrderReadRoutes(admin, {
        db,
        now,
        declineAlert: async () => (await readAlertThresholds(db, alertDefaults)).decline,
      });
      registerAdminCatalogueRoutes(admin, { db, catalogue, now });
      registerAdminFeeRuleRoutes(admin, { db, catalogue, now });
      registerAdminOrdersExportRoute(admin, { db, now });
      registerAdminSettlementRoute(admin, { db, now });
      registerAdminMessageRoutes(admin, { db, now });
      registerAdminRiskRoutes(admin, { db, now });
      registerAdminPromoCodeRoutes(admin, { db, now });
      registerAdminReferralRoutes(admin, { db, now });
      registerAdminAutoTopupRoutes(admin, { db });
      registerAdminAlertRoutes(admin, { db, now, alertDefaults });
      registerAdminDisputeRoutes(admin, { services: orderServices, context: disputeEvidence });

      admin.get('/users', async () => {
        const rows = await db.select().from(user).orderBy(desc(user.createdAt));
        return {
          success: true,
          users: rows.map((row) => ({
            id: row.id,
            email: row.email,
            username: row.username,
            is_admin: row.isAdmin,
            two_factor_enabled: row.twoFactorEnabled,
            created_at: row.createdAt.toISOString(),
          })),
        } satisfies AdminUsersResponse;
      });
    },
    { prefix: '/api/admin' },
  );
}
