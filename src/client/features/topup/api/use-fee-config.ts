import { useCallback, useMemo } from 'react';
import type { PriceConfigDefaultsResponse, PriceConfigResponse } from '@shared/api/catalog';
import { parseFeeConfig, priceTopUp, type FeeConfig, type TopUpPrice } from '@shared/pricing';
import { usePriceConfig, type PricedOperator } from './get-price-config';
import { usePriceConfigDefaults } from './get-price-config-defaults';

/** The live config, else the server's defaults, else the built-in defaults (docs/product.md §9). */
export function resolveFeeConfig(config: PriceConfigResponse | undefined, defaults: PriceConfigDefaultsResponse | undefined): FeeConfig {
  if (config) return parseFeeConfig(config);
  if (defaults) return parseFeeConfig({ airtime_fee: defaults.DEFAULT_AIRTIME_FEE, standard_fee: defaults.DEFAULT_STANDARD_FEE });
  return parseFeeConfig(null);
}

/**
 * The fees of the chosen operator, as checkout prices it (its fee rule, its country's, else the global fee): the one
 * place every customer page that shows a price reads them from (the amount cards, the custom amount, the review).
 * `enabled`: only once an amount is in view, so the 60 s refresh does not run for every visitor of the home page.
 */
export function useFeeConfig({ enabled, operator }: { enabled: boolean; operator: PricedOperator | null }): {
  feeConfig: FeeConfig;
  isLoading: boolean;
  /** The price of an amount (USD cents) with these fees; null while they load. */
  priceOf: (amountCents: number) => TopUpPrice | null;
} {
  const config = usePriceConfig({ enabled: enabled && operator !== null, operator });
  const defaults = usePriceConfigDefaults({ enabled: enabled && config.isError && !config.data });
  const feeConfig = useMemo(() => resolveFeeConfig(config.data, defaults.data), [config.data, defaults.data]);
  const isLoading = operator === null || config.isPending || (config.isError && defaults.isFetching);
  const priceOf = useCallback((amountCents: number) => (isLoading ? null : priceTopUp(amountCents, feeConfig)), [feeConfig, isLoading]);
  return { feeConfig, isLoading, priceOf };
}
