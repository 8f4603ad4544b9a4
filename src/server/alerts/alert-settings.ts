import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminAlertSettingsBodySchema, AlertSettings, AlertValues } from '../../shared/api/admin-alerts';
import { OPERATOR_FAILING, type DeclineAlertThresholds } from '../../shared/api/admin-overview';
import { formatUsd } from '../../shared/pricing';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { alertSettings } from '../db/schema';
import { settingsConflict } from '../settings-conflict';

/** The thresholds the checks apply (docs/decisions/061-…), as numbers. */
export interface AlertThresholds {
  /** Under this balance (USD cents) the wallet is low; 0 raises nothing. */
  lowBalanceCents: number;
  operatorFailures: number;
  operatorFailedPercent: number;
  operatorMinutes: number;
  switchOffFailingOperators: boolean;
  decline: DeclineAlertThresholds;
  /** Yesterday's settlement e-mailed to every admin once a day from this hour, UTC (ADR 071); off by default. */
  settlementEmail: { on: boolean; hourUtc: number };
}

/** The morning settlement e-mail until an admin saves the settings: off, and 07:00 UTC once turned on. */
export const DEFAULT_SETTLEMENT_EMAIL = { on: false, hourUtc: 7 } as const;

/** The defaults: RELOADLY_LOW_BALANCE_USD and DECLINE_ALERT_* from the config, the operator health's built-in values. */
export function defaultAlertThresholds(config: { lowWalletBalance: number | null; declineAlert: DeclineAlertThresholds }): AlertThresholds {
  return {
    lowBalanceCents: config.lowWalletBalance === null ? 0 : Math.round(config.lowWalletBalance * 100),
    operatorFailures: OPERATOR_FAILING.failures,
    operatorFailedPercent: Math.round(OPERATOR_FAILING.share * 100),
    operatorMinutes: OPERATOR_FAILING.minutes,
    switchOffFailingOperators: false,
    decline: config.declineAlert,
    settlementEmail: DEFAULT_SETTLEMENT_EMAIL,
  };
}

type StoredAlertSettings = typeof alertSettings.$inferSelect;

/** The saved thresholds over the defaults (a null low balance keeps the default's). */
export function thresholdsOf(row: StoredAlertSettings | undefined, defaults: AlertThresholds): AlertThresholds {
  if (!row) return defaults;
  return {
    lowBalanceCents: row.lowBalanceCents ?? defaults.lowBalanceCents,
    operatorFailures: row.operatorFailures,
    operatorFailedPercent: row.operatorFailedPercent,
    operatorMinutes: row.operatorMinutes,
    switchOffFailingOperators: row.switchOffFailingOperators,
    decline: { ratePercent: row.declinePercent, minPayments: row.declineMinPayments },
    settlementEmail: { on: row.settlementEmail, hourUtc: row.settlementEmailHour },
  };
}

/** The thresholds in force, read now (the checks run once a minute: no cache is needed). */
export async function readAlertThresholds(db: Database, defaults: AlertThresholds): Promise<AlertThresholds> {
  const [row] = await db.select().from(alertSettings);
  return thresholdsOf(row, defaults);
}

/** The thresholds as the console shows them. */
export function alertValuesOf(thresholds: AlertThresholds): AlertValues {
  return {
    lowBalance: formatUsd(thresholds.lowBalanceCents),
    operatorFailures: thresholds.operatorFailures,
    operatorFailedPercent: thresholds.operatorFailedPercent,
    operatorMinutes: thresholds.operatorMinutes,
    switchOffFailingOperators: thresholds.switchOffFailingOperators,
    declinePercent: thresholds.decline.ratePercent,
    declineMinPayments: thresholds.decline.minPayments,
    settlementEmail: thresholds.settlementEmail.on,
    settlementEmailHour: thresholds.settlementEmail.hourUtc,
  };
}

function settingsOf(row: StoredAlertSettings | undefined, defaults: AlertThresholds): AlertSettings {
  return {
    ...alertValuesOf(thresholdsOf(row, defaults)),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByEmail: row?.updatedByEmail ?? null,
  };
}

export async function readAlertSettings(db: Database, defaults: AlertThresholds): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings);
  return settingsOf(row, defaults);
}

export interface AlertSettingsUpdate extends z.output<typeof adminAlertSettingsBodySchema> {
  actor: AdminActor;
  now: Date;
  defaults: AlertThresholds;
}

/**
 * Saves the thresholds if no one saved them since `version`, with their audit row in the same transaction (as the
 * limits are saved: the row locked and its version compared; of two saves on one version the second is refused).
 */
export async function updateAlertSettings(db: Database, update: AlertSettingsUpdate): Promise<AlertSettings> {
  const { defaults } = update;
  return db.transaction(async (tx) => {
    const refused = async () => settingsConflict({ ...(await readAlertSettings(tx, defaults)) });
    const [before] = await tx.select().from(alertSettings).for('update');
    if ((before?.version ?? 0) !== update.version) throw await refused();
    const values = {
      lowBalanceCents: update.lowBalance,
      operatorFailures: update.operatorFailures,
      operatorFailedPercent: update.operatorFailedPercent,
      operatorMinutes: update.operatorMinutes,
      switchOffFailingOperators: update.switchOffFailingOperators,
      declinePercent: update.declinePercent,
      declineMinPayments: update.declineMinPayments,
      settlementEmail: update.settlementEmail,
      settlementEmailHour: update.settlementEmailHour,
      version: update.version + 1,
      updatedAt: update.now,
      updatedById: update.actor.id,
      updatedByEmail: update.actor.email,
    };
    const [saved] = before
      ? await tx.update(alertSettings).set(values).where(eq(alertSettings.id, before.id)).returning()
      : await tx.insert(alertSettings).values(values).onConflictDoNothing().returning();
    if (!saved) throw await refused();
    const { updatedAt: _before, updatedByEmail: _by, ...previous } = settingsOf(before, defaults);
    const { updatedAt: _after, updatedByEmail: _byAfter, ...next } = settingsOf(saved, defaults);
    await recordAdminAction(tx, {
      actor: update.actor,
      action: 'alerts.update',
      targetType: 'config',
      targetId: 'alerts',
      reason: update.reason,
      before: previous,
      after: next,
      now: update.now,
    });
    return settingsOf(saved, defaults);
  });
}
