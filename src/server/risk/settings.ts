import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  adminBlocklistAddBodySchema,
  adminRiskSettingsBodySchema,
  BlocklistEntry,
  BlocklistKind,
  RiskRule,
  RiskSettings,
} from '../../shared/api/risk';
import { settingsConflict } from '../settings-conflict';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { riskBlocklist, riskSettings } from '../db/schema';
import { DomainError } from '../domain-error';
import { DEFAULT_REVIEW_WINDOW_MINUTES, DEFAULT_RISK_RULES } from './rules';

/*
 * The risk desk's settings (the rules and the review window) and blocklists, as the console edits them: every change
 * in one transaction with its audit row; the settings versioned like the limits (a save on an older version is a 409
 * with the settings in force). The checkout and payment statements read them from the database each time (signals.ts),
 * so a change applies at once on every instance.
 */

type StoredRiskSettings = typeof riskSettings.$inferSelect;

export const RISK_DEFAULTS = { rules: [...DEFAULT_RISK_RULES], reviewWindowMinutes: DEFAULT_REVIEW_WINDOW_MINUTES };

function settingsOf(row: StoredRiskSettings | undefined): RiskSettings {
  return {
    rules: row ? (row.rules as RiskRule[]) : RISK_DEFAULTS.rules,
    reviewWindowMinutes: row?.reviewWindowMinutes ?? RISK_DEFAULTS.reviewWindowMinutes,
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByEmail: row?.updatedByEmail ?? null,
  };
}

export async function readRiskSettings(db: Database): Promise<RiskSettings> {
  const [row] = await db.select().from(riskSettings);
  return settingsOf(row);
}

export interface RiskSettingsUpdate extends z.output<typeof adminRiskSettingsBodySchema> {
  actor: AdminActor;
  now: Date;
}

/** Saves the rules if no one saved them since `version` (the row locked, then compared), with its audit row. */
export async function updateRiskSettings(db: Database, update: RiskSettingsUpdate): Promise<RiskSettings> {
  return db.transaction(async (tx) => {
    const refused = async () => settingsConflict({ ...(await readRiskSettings(tx)) });
    const [before] = await tx.select().from(riskSettings).for('update');
    if ((before?.version ?? 0) !== update.version) throw await refused();
    const values = {
      rules: update.rules,
      reviewWindowMinutes: update.reviewWindowMinutes,
      version: update.version + 1,
      updatedAt: update.now,
      updatedById: update.actor.id,
      updatedByEmail: update.actor.email,
    };
    const [saved] = before
      ? await tx.update(riskSettings).set(values).where(eq(riskSettings.id, before.id)).returning()
      : await tx.insert(riskSettings).values(values).onConflictDoNothing().returning();
    if (!saved) throw await refused();
    const previous = settingsOf(before);
    const next = settingsOf(saved);
    await recordAdminAction(tx, {
      actor: update.actor,
      action: 'risk.update',
      targetType: 'config',
      targetId: 'risk',
      reason: update.reason,
      before: { version: previous.version, rules: previous.rules, reviewWindowMinutes: previous.reviewWindowMinutes },
      after: { version: next.version, rules: next.rules, reviewWindowMinutes: next.reviewWindowMinutes },
      now: update.now,
    });
    return next;
  });
}

const entryOf = (row: typeof riskBlocklist.$inferSelect): BlocklistEntry => ({
  id: row.id,
  kind: row.kind as BlocklistKind,
  value: row.value,
  reason: row.reason,
  createdByEmail: row.createdByEmail,
  createdAt: row.createdAt.toISOString(),
});

export async function listBlocklist(db: Database): Promise<BlocklistEntry[]> {
  const rows = await db.select().from(riskBlocklist).orderBy(riskBlocklist.kind, riskBlocklist.value);
  return rows.map(entryOf);
}

/** Adds an entry (one per kind and value: adding it again is a 409), with its audit row. */
export async function addToBlocklist(
  db: Database,
  entry: z.output<typeof adminBlocklistAddBodySchema> & { actor: AdminActor; now: Date },
): Promise<BlocklistEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(riskBlocklist)
      .values({
        kind: entry.kind,
        value: entry.value,
        reason: entry.reason,
        createdById: entry.actor.id,
        createdByEmail: entry.actor.email,
        createdAt: entry.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new DomainError(
        'conflict',
        'ALREADY_BLOCKLISTED',
        { text: `${entry.value} is already on the ${entry.kind} blocklist` },
        { field: 'value' },
      );
    await recordAdminAction(tx, {
      actor: entry.actor,
      action: 'blocklist.add',
      targetType: 'blocklist_entry',
      targetId: `${row.kind}:${row.value}`,
      reason: entry.reason,
      before: null,
      after: { kind: row.kind, value: row.value },
      now: entry.now,
    });
    return entryOf(row);
  });
}

/** Removes an entry, with its audit row; 404 when there is none with this id. */
export async function removeFromBlocklist(
  db: Database,
  removal: { id: number; reason: string; actor: AdminActor; now: Date },
): Promise<BlocklistEntry> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(riskBlocklist).where(eq(riskBlocklist.id, removal.id)).returning();
    if (!row) throw new DomainError('not_found', 'BLOCKLIST_ENTRY_NOT_FOUND', { text: `No blocklist entry ${removal.id}` });
    await recordAdminAction(tx, {
      actor: removal.actor,
      action: 'blocklist.remove',
      targetType: 'blocklist_entry',
      targetId: `${row.kind}:${row.value}`,
      reason: removal.reason,
      before: { kind: row.kind, value: row.value },
      after: null,
      now: removal.now,
    });
    return entryOf(row);
  });
}
