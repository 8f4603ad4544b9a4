import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { latestOutboxMessage } from '../mail/mailer';
import { parseWith, sendError } from './errors';

const outboxQuerySchema = z.object({ to: z.email('to must be an e-mail address') });

/** Development and tests only (never registered in production): the newest e-mail kept for an address. */
export function registerDevOutboxRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/api/dev/outbox', async (request, reply) => {
    const { to } = parseWith(outboxQuerySchema, request.query);
    const message = await latestOutboxMessage(db, to);
    if (!message) return sendError(reply, 404, { message: `No e-mail for ${to}`, code: 'NOT_FOUND' });
    return { success: true, message: { ...message, createdAt: message.createdAt.toISOString() } };
  });
}
