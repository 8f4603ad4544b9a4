import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TopupProviderName } from '../../shared/api/admin-catalogue';
import type { PriceConfigResponse } from '../../shared/api/catalog';
import type { Database } from '../db/client';
import { feeRules } from '../db/schema';
import { readPriceConfig } from './price-config';

/** Where a top-up goes, as the fee rules are keyed: the country, and the provider's operator there. */
export interface Corridor {
  countryIso: string;
  provider: TopupProviderName;
  operatorId: number;
}

/** The rules that may price a corridor: its operator's and its country's. */
const rulesFor = (corridor: Corridor): SQL =>
  and(
    eq(feeRules.countryIso, corridor.countryIso),
    or(isNull(feeRules.operatorId), and(eq(feeRules.provider, corridor.provider), eq(feeRules.operatorId, corridor.operatorId))),
  )!;

/**
 * One column of the most specific rule for a corridor (its operator's, else its country's), as a scalar sub-select for
 * a statement that reads it together with other facts (orders/limits.ts); null when neither has a rule.
 */
const ruleColumn = (column: typeof feeRules.airtimeFee | typeof feeRules.standardFee, corridor: Corridor) =>
  sql<string | null>`(select ${column} from ${feeRules} where ${rulesFor(corridor)} order by ${feeRules.operatorId} nulls last limit 1)`;

export const ruleFeeColumns = (corridor: Corridor) => ({
  airtimeFee: ruleColumn(feeRules.airtimeFee, corridor),
  standardFee: ruleColumn(feeRules.standardFee, corridor),
});

/**
 * GET /api/price-config?countryCode=…&operatorId=…: the fees a checkout of that operator pays, in the shape of the
 * global config (the most specific rule, else the global fee); what every customer page prices an amount with.
 */
export async function readCorridorPriceConfig(db: Database, corridor: Corridor): Promise<PriceConfigResponse> {
  const [rule] = await db
    .select({ airtimeFee: feeRules.airtimeFee, standardFee: feeRules.standardFee })
    .from(feeRules)
    .where(rulesFor(corridor))
    .orderBy(sql`${feeRules.operatorId} nulls last`)
    .limit(1);
  if (!rule) return readPriceConfig(db);
  return { airtime_fee: Number(rule.airtimeFee), standard_fee: Number(rule.standardFee) };
}
