import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdminLimitsBody,
  AdminLimitsResponse,
  AdminLimitsUpdateResponse,
  AdminPricingBody,
  AdminPricingHistoryResponse,
  AdminPricingResponse,
  AdminPricingUpdateResponse,
} from '@shared/api/admin-settings';
import { apiRequest } from '@/lib/api-client';
import { queryString } from './admin-api';
import { ADMIN_QUERY_KEY } from './queries';

/** The console's settings calls (src/shared/api/admin-settings.ts): the fees and their history, and the limits. */

export const fetchPricing = () => apiRequest<AdminPricingResponse>('/api/admin/pricing');

export const fetchPriceHistory = (cursor?: string) => apiRequest<AdminPricingHistoryResponse>(`/api/admin/pricing/history${queryString({ cursor })}`);

export const savePricing = (body: AdminPricingBody) => apiRequest<AdminPricingUpdateResponse>('/api/admin/pricing', { method: 'PUT', body });

export const fetchLimits = () => apiRequest<AdminLimitsResponse>('/api/admin/limits');

export const saveLimits = (body: AdminLimitsBody) => apiRequest<AdminLimitsUpdateResponse>('/api/admin/limits', { method: 'PUT', body });

export const pricingQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'pricing'], queryFn: fetchPricing, staleTime: 0 });

export const priceHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'pricing-history'],
    queryFn: ({ pageParam }) => fetchPriceHistory(pageParam),
    staleTime: 0,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: AdminPricingHistoryResponse) => page.nextCursor ?? undefined,
  });

export const limitsQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'limits'], queryFn: fetchLimits, staleTime: 0 });
