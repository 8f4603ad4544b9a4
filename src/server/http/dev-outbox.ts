import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { latestOutboxMessage } from '../mail/mailer';
import { DomainError } from '../domain-error';
import { parseWith } from './errors';

const outboxQuerySchema = z.object({ to: z.email('to must be an e-mail address') });

/** Development and tests only (never registered in production): the newest e-mail kept for an address. */
export function registerDevOutboxRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get('/api/dev/outbox', async (request) => {
    const { to } = parseWith(outboxQuerySchema, request.query);
    const message = await latestOutboxMessage(db, to);
    if (!message) throw new DomainError('not_found', 'NOT_FOUND', { text: `No e-mail for ${to}` });
    return { success: true, message: { ...message, createdAt: message.createdAt.toISOString() } };
  });
}
