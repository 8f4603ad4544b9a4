import type { FastifyInstance } from 'fastify';
import { adminSettlementQuerySchema, type AdminSettlementResponse } from '../../../shared/api/admin-settlement';
import type { Database } from '../../db/client';
import { logRaisedWalletDifferences, settlement } from '../../orders/settlement';
import { settlementCsv } from '../../orders/settlement-csv';
import { parseWith } from '../errors';

interface AdminSettlementRouteDeps {
  db: Database;
  now: () => Date;
}

/**
 * GET /api/admin/settlement?from&to[&format=csv]: the daily settlement and the wallet's reconciliation (ADR 051). A wallet
 * difference is raised when this look finds it for the first time: an error in the log, once.
 */
export function registerAdminSettlementRoute(admin: FastifyInstance, { db, now }: AdminSettlementRouteDeps) {
  admin.get('/settlement', async (request, reply) => {
    const query = parseWith(adminSettlementQuerySchema, request.query);
    const at = now();
    const found = await settlement(db, query, at);
    logRaisedWalletDifferences(request.log, found.raised);
    reply.header('Cache-Control', 'no-store');
    if (query.format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="settlement-${query.from}-${query.to}.csv"`)
        .send(settlementCsv(found.settlement));
    }
    return { success: true, ...found.settlement } satisfies AdminSettlementResponse;
  });
}
