import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { adminReasonBodySchema } from '../../../shared/api/admin';
import {
  adminBlocklistAddBodySchema,
  adminRiskSettingsBodySchema,
  RISK_SIGNALS,
  type AdminBlocklistEntryResponse,
  type AdminBlocklistResponse,
  type AdminRiskReviewCountResponse,
  type AdminRiskReviewsResponse,
  type AdminRiskSettingsResponse,
} from '../../../shared/api/risk';
import type { AdminActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { orderRiskSignals } from '../../db/schema';
import { DomainError } from '../../domain-error';
import { countReviews, listReviews, riskViewOf } from '../../risk/reviews';
import { addToBlocklist, listBlocklist, readRiskSettings, removeFromBlocklist, RISK_DEFAULTS, updateRiskSettings } from '../../risk/settings';
import { parseWith } from '../errors';

const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });
const entryIdSchema = z.object({ id: z.coerce.number('id must be a number').int().positive('id must be a positive number') });
const orderIdSchema = z.object({ id: z.uuid('id must be an order id') });

/**
 * The risk desk's routes (ADR 044–046): the rules and review window (versioned; 409 on a stale version), the
 * blocklists (each change with a reason, audited), an order's signals, and the orders waiting in review.
 */
export function registerAdminRiskRoutes(admin: FastifyInstance, { db, now }: { db: Database; now: () => Date }) {
  admin.get('/risk/rules', async (): Promise<AdminRiskSettingsResponse> => ({
    success: true,
    settings: await readRiskSettings(db),
    defaults: RISK_DEFAULTS,
    signals: RISK_SIGNALS,
  }));

  admin.put('/risk/rules', async (request) => {
    const body = parseWith(adminRiskSettingsBodySchema, request.body);
    return { success: true, settings: await updateRiskSettings(db, { ...body, actor: actorOf(request), now: now() }) };
  });

  admin.get('/risk/blocklist', async (): Promise<AdminBlocklistResponse> => ({ success: true, entries: await listBlocklist(db) }));

  admin.post('/risk/blocklist', async (request, reply): Promise<AdminBlocklistEntryResponse> => {
    const body = parseWith(adminBlocklistAddBodySchema, request.body);
    const entry = await addToBlocklist(db, { ...body, actor: actorOf(request), now: now() });
    reply.status(201);
    return { success: true, entry };
  });

  admin.delete('/risk/blocklist/:id', async (request): Promise<AdminBlocklistEntryResponse> => {
    const { id } = parseWith(entryIdSchema, request.params);
    const { reason } = parseWith(adminReasonBodySchema, request.body);
    return { success: true, entry: await removeFromBlocklist(db, { id, reason, actor: actorOf(request), now: now() }) };
  });

  admin.get('/orders/:id/risk', async (request) => {
    const { id } = parseWith(orderIdSchema, request.params);
    const [row] = await db.select().from(orderRiskSignals).where(eq(orderRiskSignals.orderId, id));
    if (!row) throw new DomainError('not_found', 'ORDER_RISK_NOT_FOUND', { text: 'No risk signals were recorded for this order' });
    return { success: true, risk: riskViewOf(row) };
  });

  /** The "Needs review" queue: orders held for review, the longest held first, with what the rules read and which fired. */
  admin.get('/risk/reviews', async (): Promise<AdminRiskReviewsResponse> => {
    const [reviews, count] = await Promise.all([listReviews(db), countReviews(db)]);
    return { success: true, reviews, count };
  });

  /** The number beside the console's "Needs review" entry, read on every console page. */
  admin.get('/risk/reviews/count', async (): Promise<AdminRiskReviewCountResponse> => ({ success: true, count: await countReviews(db) }));
}
