import type { FastifyInstance } from 'fastify';
import { autoTopupParamsSchema, type AdminAutoTopupDetailResponse, type AdminAutoTopupsResponse } from '../../../shared/api/auto-topups';
import { autoTopupDetail, listAutoTopups } from '../../admin/auto-topups';
import type { Database } from '../../db/client';
import { parseWith } from '../errors';

/** /api/admin/auto-topups: every schedule (customer, recipient, amount, interval, next due, status, failures), and one's periods and orders. */
export function registerAdminAutoTopupRoutes(admin: FastifyInstance, { db }: { db: Database }) {
  admin.get('/auto-topups', async (): Promise<AdminAutoTopupsResponse> => ({ success: true, schedules: await listAutoTopups(db) }));

  admin.get('/auto-topups/:id', async (request): Promise<AdminAutoTopupDetailResponse> => {
    const { id } = parseWith(autoTopupParamsSchema, request.params);
    return { success: true, ...(await autoTopupDetail(db, id)) };
  });
}
