import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorInfo, PriceConfigResponse } from '@shared/api/catalog';
import { PRICE_CONFIG_REFETCH_MS } from '@shared/constants';
import { apiRequest } from '@/lib/api-client';

/** The operator whose fees are asked for: its fee rule, its country's, else the global fee (docs/decisions/053). */
export type PricedOperator = Pick<OperatorInfo, 'operatorId' | 'country'>;

const corridorQuery = (operator: PricedOperator | null | undefined) =>
  operator ? `?countryCode=${encodeURIComponent(operator.country.isoName)}&operatorId=${operator.operatorId}` : '';

export async function getPriceConfig(operator?: PricedOperator | null): Promise<PriceConfigResponse> {
  try {
    return await apiRequest<PriceConfigResponse>(`/api/price-config${corridorQuery(operator)}`);
  } catch (error) {
    throw new Error('Failed to fetch fee configuration', { cause: error });
  }
}

/**
 * Fees can change while a visitor hesitates, so the config is refreshed every minute (docs/product.md §7). Every
 * operator's fees live under ['price-config'], so invalidating that key reloads them all.
 */
export const priceConfigQueryOptions = (operator?: PricedOperator | null) =>
  queryOptions({
    queryKey: operator ? ['price-config', operator.country.isoName, operator.operatorId] : ['price-config'],
    queryFn: () => getPriceConfig(operator),
    refetchInterval: PRICE_CONFIG_REFETCH_MS,
  });

export function usePriceConfig({ enabled, operator }: { enabled: boolean; operator?: PricedOperator | null }) {
  return useQuery({ ...priceConfigQueryOptions(operator), enabled });
}
