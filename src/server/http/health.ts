import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';

export function registerHealthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get('/api/health', async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });
}
