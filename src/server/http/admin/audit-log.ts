import type { FastifyInstance } from 'fastify';
import { adminAuditQuerySchema, type AdminAuditResponse } from '../../../shared/api/admin-audit';
import { listAdminActions } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { parseWith } from '../errors';

/** GET /api/admin/audit-log: every admin action, newest first, filtered as the query asks. */
export function registerAdminAuditLogRoutes(admin: FastifyInstance, { db }: { db: Database }) {
  admin.get('/audit-log', async (request): Promise<AdminAuditResponse> => {
    const query = parseWith(adminAuditQuerySchema, request.query);
    return { success: true, ...(await listAdminActions(db, query)) };
  });
}
