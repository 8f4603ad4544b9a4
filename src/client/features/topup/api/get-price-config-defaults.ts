import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceConfigDefaultsResponse } from '@shared/api/catalog';
import { apiRequest } from '@/lib/api-client';

export async function getPriceConfigDefaults(): Promise<PriceConfigDefaultsResponse> {
  try {
    return await apiRequest<PriceConfigDefaultsResponse>('/api/price-config/defaults');
  } catch (error) {
    throw new Error('Failed to fetch default fee values', { cause: error });
  }
}

export const priceConfigDefaultsQueryOptions = () => queryOptions({ queryKey: ['price-config', 'defaults'], queryFn: getPriceConfigDefaults });

/** Only needed when the live config cannot be read. */
export function usePriceConfigDefaults({ enabled }: { enabled: boolean }) {
  return useQuery({ ...priceConfigDefaultsQueryOptions(), enabled });
}
