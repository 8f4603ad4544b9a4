import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminReferralSettingsBodySchema, ReferralSettings } from '../../shared/api/referrals';
import { REFERRAL_DEFAULTS } from '../../shared/referral';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { referralSettings } from '../db/schema';
import { settingsConflict } from '../settings-conflict';

/*
 * Refer a friend's settings (ADR 070), as the console edits them: one row, versioned like the risk settings (a save on
 * an older version is a 409 with the settings in force), each change in one transaction with its audit row. Checkout
 * and the rewards job read the row each time, so a change applies at once on every instance.
 */

type StoredReferralSettings = typeof referralSettings.$inferSelect;

function settingsOf(row: StoredReferralSettings | undefined): ReferralSettings {
  return {
    friendDiscountCents: row?.friendDiscountCents ?? REFERRAL_DEFAULTS.friendDiscountCents,
    referrerCreditCents: row?.referrerCreditCents ?? REFERRAL_DEFAULTS.referrerCreditCents,
    disputeWindowDays: row?.disputeWindowDays ?? REFERRAL_DEFAULTS.disputeWindowDays,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByEmail: row?.updatedByEmail ?? null,
  };
}

export async function readReferralSettings(db: Database): Promise<ReferralSettings> {
  const [row] = await db.select().from(referralSettings);
  return settingsOf(row);
}

export interface ReferralSettingsUpdate extends z.output<typeof adminReferralSettingsBodySchema> {
  actor: AdminActor;
  now: Date;
}

/** Saves the settings if no one saved them since `version` (the row locked, then compared), with its audit row. */
export async function updateReferralSettings(db: Database, update: ReferralSettingsUpdate): Promise<ReferralSettings> {
  return db.transaction(async (tx) => {
    const refused = async () => settingsConflict({ ...(await readReferralSettings(tx)) });
    const [before] = await tx.select().from(referralSettings).for('update');
    if ((before?.version ?? 0) !== update.version) throw await refused();
    const values = {
      friendDiscountCents: update.friendDiscount,
      referrerCreditCents: update.referrerCredit,
      disputeWindowDays: update.disputeWindowDays,
      version: update.version + 1,
      updatedAt: update.now,
      updatedById: update.actor.id,
      updatedByEmail: update.actor.email,
    };
    const [saved] = before
      ? await tx.update(referralSettings).set(values).where(eq(referralSettings.id, before.id)).returning()
      : await tx.insert(referralSettings).values(values).onConflictDoNothing().returning();
    if (!saved) throw await refused();
    const { updatedAt: _before, updatedByEmail: _by, ...previous } = settingsOf(before);
    const { updatedAt: _after, updatedByEmail: _byNow, ...next } = settingsOf(saved);
    await recordAdminAction(tx, {
      actor: update.actor,
      action: 'referrals.update',
      targetType: 'config',
      targetId: 'referrals',
      reason: update.reason,
      before: previous,
      after: next,
      now: update.now,
    });
    return settingsOf(saved);
  });
}
