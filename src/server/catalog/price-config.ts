import { sql } from 'drizzle-orm';
import type { PriceConfigDefaultsResponse, PriceConfigResponse } from '../../shared/api/catalog';
import { DEFAULT_AIRTIME_FEE, DEFAULT_STANDARD_FEE } from '../../shared/constants';
import { parseFeeConfig, type FeeConfig } from '../../shared/pricing';
import type { Database } from '../db/client';
import { priceConfig } from '../db/schema';

/** The fee settings as stored (numeric columns arrive as strings; docs/product.md §3 allows either). */
export async function readPriceConfig(db: Database): Promise<PriceConfigResponse> {
  const rows = await db.select().from(priceConfig);
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return priceConfigOf({ airtimeFee: value('airtime_fee'), standardFee: value('standard_fee') });
}

/** The stored values, or the defaults for a row that is missing. */
function priceConfigOf(stored: StoredFees): PriceConfigResponse {
  return {
    airtime_fee: Number(stored.airtimeFee ?? DEFAULT_AIRTIME_FEE),
    standard_fee: Number(stored.standardFee ?? DEFAULT_STANDARD_FEE),
  };
}

/** The fees the server prices with, through the same parser the browser uses. */
export async function loadFeeConfig(db: Database): Promise<FeeConfig> {
  return parseFeeConfig(await readPriceConfig(db));
}

/** The two fee rows' values as stored; null (or undefined) for a missing row. */
export interface StoredFees {
  airtimeFee: string | null | undefined;
  standardFee: string | null | undefined;
}

/**
 * The fees as columns of another select (one scalar sub-select each), for a request that reads them together with
 * other facts in one round trip (orders/limits.ts); feeConfigOf turns what it read into the fees to price with.
 */
export const storedFeeColumns = {
  airtimeFee: sql<string | null>`(select ${priceConfig.value} from ${priceConfig} where ${priceConfig.key} = 'airtime_fee')`,
  standardFee: sql<string | null>`(select ${priceConfig.value} from ${priceConfig} where ${priceConfig.key} = 'standard_fee')`,
};

export const feeConfigOf = (stored: StoredFees): FeeConfig => parseFeeConfig(priceConfigOf(stored));

export const PRICE_CONFIG_DEFAULTS: PriceConfigDefaultsResponse = {
  DEFAULT_AIRTIME_FEE,
  DEFAULT_STANDARD_FEE,
};
