import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminReasonBodySchema } from '../../../shared/api/admin';
import {
  adminMessageHandleBodySchema,
  adminMessagesQuerySchema,
  type AdminMessageResponse,
  type AdminMessagesCountResponse,
  type AdminMessagesResponse,
} from '../../../shared/api/admin-messages';
import type { AdminActor } from '../../audit/audit-log';
import {
  countUnreadMessages,
  handleContactMessage,
  listContactMessages,
  readContactMessage,
  reopenContactMessage,
} from '../../admin/contact-messages';
import type { Database } from '../../db/client';
import { parseWith } from '../errors';

interface AdminMessageRouteDeps {
  db: Database;
  now: () => Date;
}

/** Any id reaches the domain, which answers 404 for one that names no message (Fastify bounds its length). */
const messageParamsSchema = z.object({ id: z.string() });

/** The signed-in admin (requireAdmin ran before every route of the scope). */
const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });

/** /api/admin/messages: the contact messages' inbox, one message, and marking it handled or open again. */
export function registerAdminMessageRoutes(admin: FastifyInstance, { db, now }: AdminMessageRouteDeps) {
  admin.get('/messages', async (request): Promise<AdminMessagesResponse> => {
    const query = parseWith(adminMessagesQuerySchema, request.query);
    return { success: true, ...(await listContactMessages(db, query)) };
  });

  admin.get('/messages/count', async (): Promise<AdminMessagesCountResponse> => {
    return { success: true, unread: await countUnreadMessages(db) };
  });

  admin.get('/messages/:id', async (request): Promise<AdminMessageResponse> => {
    const { id } = parseWith(messageParamsSchema, request.params);
    return { success: true, message: await readContactMessage(db, id, now()) };
  });

  admin.post('/messages/:id/handle', async (request): Promise<AdminMessageResponse> => {
    const { id } = parseWith(messageParamsSchema, request.params);
    const { note } = parseWith(adminMessageHandleBodySchema, request.body);
    return { success: true, message: await handleContactMessage(db, { actor: actorOf(request), messageId: id, note, now: now() }) };
  });

  admin.post('/messages/:id/reopen', async (request): Promise<AdminMessageResponse> => {
    const { id } = parseWith(messageParamsSchema, request.params);
    const { reason } = parseWith(adminReasonBodySchema, request.body);
    return { success: true, message: await reopenContactMessage(db, { actor: actorOf(request), messageId: id, reason, now: now() }) };
  });
}
