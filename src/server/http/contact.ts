import type { FastifyInstance } from 'fastify';
import { contactRequestSchema, type ContactResponse } from '../../shared/api/contact';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { parseWith } from './errors';

export function registerContactRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.post('/api/contact', { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } }, async (request, reply) => {
    const input = parseWith(contactRequestSchema, request.body);
    const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    const body: ContactResponse = { success: true, id: row!.id };
    return reply.status(201).send(body);
  });
}
