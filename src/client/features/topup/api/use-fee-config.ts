import { useMemo } from 'react';
import type { PriceConfigDefaultsResponse, PriceConfigResponse } from '@shared/api/catalog';
import { parseFeeConfig, type FeeConfig } from '@shared/pricing';
import { usePriceConfig } from './get-price-config';
import { usePriceConfigDefaults } from './get-price-config-defaults';

/** The live config, else the server's defaults, else the built-in defaults (docs/product.md §9). */
export function resolveFeeConfig(config: PriceConfigResponse | undefined, defaults: PriceConfigDefaultsResponse | undefined): FeeConfig {
  if (config) return parseFeeConfig(config);
  if (defaults) return parseFeeConfig({ airtime_fee: defaults.DEFAULT_AIRTIME_FEE, standard_fee: defaults.DEFAULT_STANDARD_FEE });
  return parseFeeConfig(null);
}

/** `enabled`: only once an amount is in view, so the 60 s refresh does not run for every visitor of the home page. */
export function useFeeConfig({ enabled }: { enabled: boolean }): { feeConfig: FeeConfig; isLoading: boolean } {
  const config = usePriceConfig({ enabled });
  const defaults = usePriceConfigDefaults({ enabled: enabled && config.isError && !config.data });
  const feeConfig = useMemo(() => resolveFeeConfig(config.data, defaults.data), [config.data, defaults.data]);
  return { feeConfig, isLoading: config.isPending || (config.isError && defaults.isFetching) };
}
