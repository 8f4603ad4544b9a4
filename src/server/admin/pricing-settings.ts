import { desc, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  fractionOf,
  hundredthsText,
  percentHundredthsOf,
  type adminPricingBodySchema,
  type adminPricingHistoryQuerySchema,
  type PriceChange,
  type PricingSettings,
} from '../../shared/api/admin-settings';
import { formatUsd, toCents } from '../../shared/pricing';
import { loadFeeConfig } from '../catalog/price-config';
import type { Database } from '../db/client';
import { priceConfig, priceConfigChanges } from '../db/schema';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import { after, decodeCursor, micros, pageLimit, pageOf } from '../db/cursor';
import { settingsConflict } from '../settings-conflict';

/** The fees in force (what checkout prices with) with the version of the change that set them. */
export async function readPricing(db: Database): Promise<PricingSettings> {
  // The version is read before the values: should a change land between the two reads, the admin sees its values with
  // the older version, and a save on it is refused as a conflict, never taken as made on the new values.
  const [latest] = await db.select().from(priceConfigChanges).orderBy(desc(priceConfigChanges.version)).limit(1);
  const fees = await loadFeeConfig(db);
  return {
    version: latest?.version ?? 0,
    airtimeFeePercent: hundredthsText(percentHundredthsOf(fees.airtimeFee)),
    standardFee: formatUsd(fees.standardFeeCents),
    updatedAt: latest?.createdAt.toISOString() ?? null,
    updatedByEmail: latest?.actorEmail ?? null,
  };
}

/** A unique violation: another save took this version while this one ran. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

export interface PricingUpdate extends z.output<typeof adminPricingBodySchema> {
  actor: AdminActor;
  now: Date;
}

/**
 * Sets the fees new checkouts price with, if no one changed them since `version`. In one transaction: the price config
 * rows are locked (a second save waits here, then finds the version moved on and is refused), the values written, the
 * change appended to the history and the audit row written. Orders already created keep the price they were made with.
 */
export async function updatePricing(db: Database, update: PricingUpdate): Promise<PricingSettings> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ key: priceConfig.key }).from(priceConfig).for('update');
      const current = await readPricing(tx);
      if (current.version !== update.version) throw settingsConflict({ ...current });
      const airtimeFee = String(fractionOf(update.airtimeFeePercent));
      const standardFee = formatUsd(update.standardFee);
      await tx
        .insert(priceConfig)
        .values([
          { key: 'airtime_fee', value: airtimeFee, updatedAt: update.now },
          { key: 'standard_fee', value: standardFee, updatedAt: update.now },
        ])
        .onConflictDoUpdate({ target: priceConfig.key, set: { value: sql`excluded.value`, updatedAt: update.now } });
      const version = current.version + 1;
      await tx.insert(priceConfigChanges).values({
        version,
        airtimeFee,
        standardFee,
        actorId: update.actor.id,
        actorEmail: update.actor.email,
        reason: update.reason,
        createdAt: update.now,
      });
      const saved: PricingSettings = {
        version,
        airtimeFeePercent: hundredthsText(update.airtimeFeePercent),
        standardFee,
        updatedAt: update.now.toISOString(),
        updatedByEmail: update.actor.email,
      };
      await recordAdminAction(tx, {
        actor: update.actor,
        action: 'pricing.update',
        targetType: 'config',
        targetId: 'pricing',
        reason: update.reason,
        before: { version: current.version, airtimeFeePercent: current.airtimeFeePercent, standardFee: current.standardFee },
        after: { version, airtimeFeePercent: saved.airtimeFeePercent, standardFee },
        now: update.now,
      });
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw settingsConflict({ ...(await readPricing(db)) });
    throw error;
  }
}

const versionCursorSchema = z.number().int().positive();

/** GET /api/admin/pricing/history: the changes of the fees, newest first, a page at a time. */
export async function listPriceChanges(db: Database, query: z.output<typeof adminPricingHistoryQuerySchema>) {
  const limit = pageLimit(query.limit);
  const position = query.cursor ? decodeCursor(query.cursor, versionCursorSchema) : undefined;
  const rows = await db
    .select({ change: priceConfigChanges, atMicros: micros(priceConfigChanges.createdAt) })
    .from(priceConfigChanges)
    .where(position ? after(priceConfigChanges.createdAt, priceConfigChanges.version, position) : undefined)
    .orderBy(desc(priceConfigChanges.createdAt), desc(priceConfigChanges.version))
    .limit(limit + 1);
  const page = pageOf(
    rows.map((row) => ({ ...row, id: row.change.version })),
    limit,
  );
  return { changes: page.rows.map(({ change }) => toPriceChange(change)), nextCursor: page.nextCursor };
}

function toPriceChange(row: typeof priceConfigChanges.$inferSelect): PriceChange {
  return {
    version: row.version,
    airtimeFeePercent: hundredthsText(percentHundredthsOf(Number(row.airtimeFee))),
    standardFee: formatUsd(toCents(row.standardFee)),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}
