import type { FastifyInstance } from 'fastify';
import type { AdminAttentionCountResponse, AdminAttentionResponse, AdminOrderResponse, AdminOrdersResponse } from '../../../shared/api/admin';
import type { AdminOverviewResponse, DeclineAlertThresholds } from '../../../shared/api/admin-overview';
import type { Database } from '../../db/client';
import { adminOrderDetail, adminOrdersFiltersSchema, listAdminOrders, listAttention } from '../../orders/admin-queries';
import { countAttention } from '../../orders/attention';
import { countOpenAlerts } from '../../alerts/business-alerts';
import { adminOverview } from '../../orders/overview';
import { parseWith } from '../errors';

interface AdminOrderRouteDeps {
  db: Database;
  now: () => Date;
  /** The decline alert's thresholds in force (the console's alert settings over DECLINE_ALERT_*). */
  declineAlert: () => Promise<DeclineAlertThresholds>;
}

/** The console's read side of orders: the list, one order, the attention queue and the overview. */
export function registerAdminOrderReadRoutes(admin: FastifyInstance, { db, now, declineAlert }: AdminOrderRouteDeps) {
  admin.get('/orders', async (request): Promise<AdminOrdersResponse> => {
    const filters = parseWith(adminOrdersFiltersSchema, request.query);
    return { success: true, ...(await listAdminOrders(db, filters, now())) };
  });

  admin.get<{ Params: { id: string } }>('/orders/:id', async (request): Promise<AdminOrderResponse> => {
    return { success: true, ...(await adminOrderDetail(db, request.params.id, now())) };
  });

  admin.get('/attention', async (): Promise<AdminAttentionResponse> => {
    return { success: true, ...(await listAttention(db, now())) };
  });

  admin.get('/attention/count', async (): Promise<AdminAttentionCountResponse> => {
    // The navigation's count: the orders waiting and the open business alerts (alerts/business-alerts.ts).
    const [orderCount, alertCount] = await Promise.all([countAttention(db, now()), countOpenAlerts(db)]);
    return { success: true, count: orderCount + alertCount };
  });

  admin.get('/overview', async (): Promise<AdminOverviewResponse> => {
    return { success: true, ...(await adminOverview(db, now(), await declineAlert())) };
  });
}
