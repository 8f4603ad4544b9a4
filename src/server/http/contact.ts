import type { FastifyInstance } from 'fastify';
import { contactRequestSchema, type ContactResponse } from '../../shared/api/contact';
import type { AttemptCounts } from '../db/attempt-counts';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';
import { parseWith } from './errors';
import { enforceLimits, REQUEST_LIMITS } from '../request-limits';

export function registerContactRoutes(app: FastifyInstance, { db, counts }: { db: Database; counts: AttemptCounts }) {
  app.post('/api/contact', async (request, reply) => {
    const input = parseWith(contactRequestSchema, request.body);
    await enforceLimits(counts, [[REQUEST_LIMITS.contactsPerAddress, request.ip]]);
    const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    const body: ContactResponse = { success: true, id: row!.id };
    return reply.status(201).send(body);
  });
}
