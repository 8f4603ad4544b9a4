import type { FastifyInstance } from 'fastify';
import {
  autoTopupCreateSchema,
  autoTopupLinkSchema,
  autoTopupParamsSchema,
  autoTopupUpdateSchema,
  type AutoTopupLinkResult,
  type AutoTopupLinkView,
  type AutoTopupListResponse,
  type AutoTopupResponse,
} from '../../shared/api/auto-topups';
import type { Guards } from '../auth/guards';
import { describeLink, useLink } from '../auto-topups/link-actions';
import {
  autoTopupNotFound,
  createAutoTopup,
  deleteAutoTopup,
  pauseAutoTopup,
  resumeAutoTopup,
  skipNext,
  updateAutoTopup,
  viewsOf,
} from '../auto-topups/schedules';
import type { OrderServices } from '../orders/services';
import { parseWith } from './errors';

interface AutoTopupRouteDeps {
  services: OrderServices;
  guards: Guards;
  reminderMinutes: number;
  linkKey: Buffer;
}

/** Another customer's id, or no id at all, is simply not found (never 403: it would say the id exists). */
function parseScheduleId(params: unknown): string {
  const result = autoTopupParamsSchema.safeParse(params);
  if (!result.success) throw autoTopupNotFound();
  return result.data.id;
}

/**
 * ADR 068: the signed-in customer's auto top-ups, and the reminder's one-click links, which need no sign-in: the GET
 * says what the link would do and changes nothing (mail scanners open links), the POST does it.
 */
export function registerAutoTopupRoutes(app: FastifyInstance, { services, guards, reminderMinutes, linkKey }: AutoTopupRouteDeps) {
  const { requireUser } = guards;
  const { db, now } = services;
  const deps = { services, reminderMinutes };

  app.get('/api/auto-topups', { preHandler: requireUser }, async (request): Promise<AutoTopupListResponse> => {
    return { success: true, schedules: await viewsOf(db, request.account!.id) };
  });

  app.post('/api/auto-topups', { preHandler: requireUser }, async (request): Promise<AutoTopupResponse> => {
    const body = parseWith(autoTopupCreateSchema, request.body);
    return { success: true, schedule: await createAutoTopup(deps, request.account!.id, body) };
  });

  app.patch('/api/auto-topups/:id', { preHandler: requireUser }, async (request): Promise<AutoTopupResponse> => {
    const id = parseScheduleId(request.params);
    const body = parseWith(autoTopupUpdateSchema, request.body);
    return { success: true, schedule: await updateAutoTopup(deps, request.account!.id, id, body) };
  });

  app.post('/api/auto-topups/:id/skip', { preHandler: requireUser }, async (request): Promise<AutoTopupResponse> => {
    const id = parseScheduleId(request.params);
    return { success: true, schedule: await skipNext(db, request.account!.id, id, now()) };
  });

  app.post('/api/auto-topups/:id/pause', { preHandler: requireUser }, async (request): Promise<AutoTopupResponse> => {
    const id = parseScheduleId(request.params);
    return { success: true, schedule: await pauseAutoTopup(db, request.account!.id, id, now()) };
  });

  app.post('/api/auto-topups/:id/resume', { preHandler: requireUser }, async (request): Promise<AutoTopupResponse> => {
    const id = parseScheduleId(request.params);
    return { success: true, schedule: await resumeAutoTopup(deps, request.account!.id, id) };
  });

  app.delete('/api/auto-topups/:id', { preHandler: requireUser }, async (request): Promise<{ success: true }> => {
    const id = parseScheduleId(request.params);
    await deleteAutoTopup(db, request.account!.id, id);
    return { success: true };
  });

  app.get('/api/auto-topup-links', async (request): Promise<AutoTopupLinkView> => {
    const { token } = parseWith(autoTopupLinkSchema, request.query);
    return describeLink(db, linkKey, token, now());
  });

  app.post('/api/auto-topup-links', async (request): Promise<AutoTopupLinkResult> => {
    const { token } = parseWith(autoTopupLinkSchema, request.body);
    return useLink(db, linkKey, token, now());
  });
}
