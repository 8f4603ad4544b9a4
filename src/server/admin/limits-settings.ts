import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminLimitsBodySchema, LimitsSettings, LimitValues } from '../../shared/api/admin-settings';
import { formatUsd } from '../../shared/pricing';
import type { Database } from '../db/client';
import { serviceLimits } from '../db/schema';
import { limitsOf, readStoredServiceLimits, type ServiceLimits, type StoredServiceLimits } from '../orders/service-limits';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import { settingsConflict } from '../settings-conflict';

/** The limits as the console shows them: the daily cap in USD. */
export function limitValuesOf(limits: ServiceLimits): LimitValues {
  return {
    dailySpendLimit: formatUsd(limits.dailySpendLimitCents),
    recipientCooldownMinutes: limits.recipientCooldownMinutes,
    checkoutAttemptsPerMinute: limits.checkoutAttemptsPerMinute,
  };
}

function limitsSettingsOf(row: StoredServiceLimits | undefined, defaults: ServiceLimits): LimitsSettings {
  return {
    ...limitValuesOf(limitsOf(row, defaults)),
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByEmail: row?.updatedByEmail ?? null,
  };
}

/** The limits in force, read from the database now (not through an instance's cache), with their version. */
export async function readLimits(db: Database, defaults: ServiceLimits): Promise<LimitsSettings> {
  return limitsSettingsOf(await readStoredServiceLimits(db), defaults);
}

export interface LimitsUpdate extends z.output<typeof adminLimitsBodySchema> {
  actor: AdminActor;
  now: Date;
  defaults: ServiceLimits;
}

/**
 * Saves the limits if no one saved them since `version`, in one transaction with its audit row: the row is locked and
 * its version compared, then written (on version 0, inserted, unless another save inserted it first). Of two saves on
 * one version, the second waits for the first, then finds the version moved on and is refused with the limits in
 * force. Every instance applies the new limits within its caching window (orders/service-limits.ts), and the daily
 * cap and the wait between top-ups of a number at once where a payment is authorised.
 */
export async function updateLimits(db: Database, update: LimitsUpdate): Promise<LimitsSettings> {
  const { defaults } = update;
  return db.transaction(async (tx) => {
    const refused = async () => settingsConflict({ ...(await readLimits(tx, defaults)) });
    const [before] = await tx.select().from(serviceLimits).for('update');
    if ((before?.version ?? 0) !== update.version) throw await refused();
    const values = {
      dailySpendLimitCents: update.dailySpendLimit,
      recipientCooldownMinutes: update.recipientCooldownMinutes,
      checkoutAttemptsPerMinute: update.checkoutAttemptsPerMinute,
      version: update.version + 1,
      updatedAt: update.now,
      updatedById: update.actor.id,
      updatedByEmail: update.actor.email,
    };
    const [saved] = before
      ? await tx.update(serviceLimits).set(values).where(eq(serviceLimits.id, before.id)).returning()
      : await tx.insert(serviceLimits).values(values).onConflictDoNothing().returning();
    if (!saved) throw await refused();
    const previous = limitsSettingsOf(before, defaults);
    const next = limitsSettingsOf(saved, defaults);
    await recordAdminAction(tx, {
      actor: update.actor,
      action: 'limits.update',
      targetType: 'config',
      targetId: 'limits',
      reason: update.reason,
      before: snapshot(previous),
      after: snapshot(next),
      now: update.now,
    });
    return next;
  });
}

/** What the audit row keeps of a version of the limits. */
const snapshot = ({ version, dailySpendLimit, recipientCooldownMinutes, checkoutAttemptsPerMinute }: LimitsSettings) => ({
  version,
  dailySpendLimit,
  recipientCooldownMinutes,
  checkoutAttemptsPerMinute,
});
