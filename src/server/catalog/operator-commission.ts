import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { operators } from '../db/schema';

/** The sandbox's commissions run from this percent to SANDBOX_COMMISSION_MAX_PERCENT, in quarter-percent steps. */
export const SANDBOX_COMMISSION_MIN_PERCENT = 2;
export const SANDBOX_COMMISSION_MAX_PERCENT = 13;

/**
 * The commission the sandbox top-up provider keeps back on an operator's top-ups (docs/sandbox-topups.md): a fixed
 * percent per operator, spread like Reloadly's (about 2 % to 13 %), derived from the operator's country and name so
 * that every database seeded from the same data agrees.
 */
export function sandboxCommissionPercent(countryIso: string, name: string): number {
  // FNV-1a over the key: stable, quick, and spread well enough over the steps.
  let hash = 0x811c9dc5;
  for (const char of `${countryIso}:${name}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  const steps = (SANDBOX_COMMISSION_MAX_PERCENT - SANDBOX_COMMISSION_MIN_PERCENT) * 4 + 1;
  return SANDBOX_COMMISSION_MIN_PERCENT + (hash % steps) / 4;
}

/**
 * The commission of an operator of the sandbox's catalogue, in percent; null when the operator is unknown or has none
 * recorded. Reloadly's operators carry theirs on the operator record the directory answers (`commissionPercent`).
 */
export async function operatorCommissionPercent(db: Database, operatorId: number): Promise<number | null> {
  const [row] = await db.select({ commissionPercent: operators.commissionPercent }).from(operators).where(eq(operators.id, operatorId));
  return row?.commissionPercent == null ? null : Number(row.commissionPercent);
}
