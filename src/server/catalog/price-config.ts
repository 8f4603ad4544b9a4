import type { PriceConfigDefaultsResponse, PriceConfigResponse } from '../../shared/api/catalog';
import { DEFAULT_AIRTIME_FEE, DEFAULT_STANDARD_FEE } from '../../shared/constants';
import { parseFeeConfig, type FeeConfig } from '../../shared/pricing';
import type { Database } from '../db/client';
import { priceConfig } from '../db/schema';

/** The fee settings as stored (numeric columns arrive as strings; docs/product.md §3 allows either). */
export async function readPriceConfig(db: Database): Promise<PriceConfigResponse> {
  const rows = await db.select().from(priceConfig);
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return {
    airtime_fee: Number(value('airtime_fee') ?? DEFAULT_AIRTIME_FEE),
    standard_fee: Number(value('standard_fee') ?? DEFAULT_STANDARD_FEE),
  };
}

/** The fees the server prices with, through the same parser the browser uses. */
export async function loadFeeConfig(db: Database): Promise<FeeConfig> {
  return parseFeeConfig(await readPriceConfig(db));
}

export const PRICE_CONFIG_DEFAULTS: PriceConfigDefaultsResponse = {
  DEFAULT_AIRTIME_FEE,
  DEFAULT_STANDARD_FEE,
};
