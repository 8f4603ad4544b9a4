import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAlertResolveBodySchema,
  adminAlertSettingsBodySchema,
  type AdminAlertResolveResponse,
  type AdminAlertSettingsResponse,
  type AdminAlertSettingsUpdateResponse,
  type AdminAlertsResponse,
} from '../../../shared/api/admin-alerts';
import type { AdminTopupWalletResponse } from '../../../shared/api/account';
import { alertValuesOf, readAlertSettings, readAlertThresholds, updateAlertSettings, type AlertThresholds } from '../../alerts/alert-settings';
import { listOpenAlerts, resolveAlert } from '../../alerts/business-alerts';
import { walletOutlook } from '../../alerts/wallet-balance';
import type { AdminActor } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { DomainError } from '../../domain-error';
import { parseWith } from '../errors';

export interface AdminAlertRouteDeps {
  db: Database;
  now: () => Date;
  /** The alerts' thresholds while no admin has saved any (RELOADLY_LOW_BALANCE_USD, DECLINE_ALERT_*). */
  alertDefaults: AlertThresholds;
}

const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });
const alertIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The business alerts (docs/decisions/061-…): the open ones, an admin's resolution with a note, the thresholds as a
 * versioned setting, and the top-up wallet with the days it lasts (ADR 062).
 */
export function registerAdminAlertRoutes(admin: FastifyInstance, { db, now, alertDefaults }: AdminAlertRouteDeps) {
  admin.get('/alerts', async (): Promise<AdminAlertsResponse> => ({ success: true, alerts: await listOpenAlerts(db) }));

  admin.post<{ Params: { id: string } }>('/alerts/:id/resolve', async (request): Promise<AdminAlertResolveResponse> => {
    const id = alertIdSchema.safeParse(request.params.id);
    if (!id.success) throw new DomainError('not_found', 'ALERT_NOT_FOUND', { key: 'apiErrors.alertNotFound' });
    const { note } = parseWith(adminAlertResolveBodySchema, request.body);
    return { success: true, alert: await resolveAlert(db, { id: id.data, note, actor: actorOf(request), now: now() }) };
  });

  admin.get('/alert-settings', async (): Promise<AdminAlertSettingsResponse> => ({
    success: true,
    settings: await readAlertSettings(db, alertDefaults),
    defaults: alertValuesOf(alertDefaults),
  }));

  admin.put('/alert-settings', async (request): Promise<AdminAlertSettingsUpdateResponse> => {
    const body = parseWith(adminAlertSettingsBodySchema, request.body);
    return { success: true, settings: await updateAlertSettings(db, { ...body, actor: actorOf(request), now: now(), defaults: alertDefaults }) };
  });

  admin.get('/topup-wallet', async (): Promise<AdminTopupWalletResponse> => {
    const thresholds = await readAlertThresholds(db, alertDefaults);
    return { success: true, ...(await walletOutlook(db, now(), thresholds.lowBalanceCents)) };
  });
}
