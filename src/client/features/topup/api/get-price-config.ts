import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceConfigResponse } from '@shared/api/catalog';
import { PRICE_CONFIG_REFETCH_MS } from '@shared/constants';
import { apiRequest } from '@/lib/api-client';

export async function getPriceConfig(): Promise<PriceConfigResponse> {
  try {
    return await apiRequest<PriceConfigResponse>('/api/price-config');
  } catch (error) {
    throw new Error('Failed to fetch fee configuration', { cause: error });
  }
}

/** Fees can change while a visitor hesitates, so the config is refreshed every minute (docs/product.md §7). */
export const priceConfigQueryOptions = () =>
  queryOptions({ queryKey: ['price-config'], queryFn: getPriceConfig, refetchInterval: PRICE_CONFIG_REFETCH_MS });

export function usePriceConfig({ enabled }: { enabled: boolean }) {
  return useQuery({ ...priceConfigQueryOptions(), enabled });
}
