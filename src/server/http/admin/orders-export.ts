import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { adminOrdersExportQuerySchema } from '../../../shared/api/admin';
import type { Database } from '../../db/client';
import { startOrdersCsvExport } from '../../orders/orders-csv';
import { parseWith } from '../errors';

interface AdminOrdersExportRouteDeps {
  db: Database;
  now: () => Date;
}

/**
 * Bytes held between the database and the connection: under it, the next page is read; above it (a slow download),
 * nothing more is read until the client has taken what was sent. Memory stays flat however many orders the file holds.
 */
const STREAM_HIGH_WATER_MARK = 64 * 1024;

/** GET /api/admin/orders/export.csv: the orders list's filters, read the same way, as a CSV download streamed page by page. */
export function registerAdminOrdersExportRoute(admin: FastifyInstance, { db, now }: AdminOrdersExportRouteDeps) {
  admin.get('/orders/export.csv', async (request, reply) => {
    const filters = parseWith(adminOrdersExportQuerySchema, request.query);
    const actor = { id: request.account!.id, email: request.account!.email };
    const { fileName, pieces } = await startOrdersCsvExport(db, { actor, filters, now: now() });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Readable.from(pieces, { objectMode: false, highWaterMark: STREAM_HIGH_WATER_MARK }));
  });
}
