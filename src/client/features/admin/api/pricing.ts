import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AdminPricingBody, AdminPricingHistoryResponse, AdminPricingResponse, AdminPricingUpdateResponse } from '@shared/api/admin-settings';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, keysetPages, queryString } from './request';

/** The fees (src/shared/api/admin-settings.ts): the ones in force, their history and saving new ones. */

export const fetchPricing = () => apiRequest<AdminPricingResponse>(adminPath('pricing'));

export const fetchPriceHistory = (cursor?: string) =>
  apiRequest<AdminPricingHistoryResponse>(`${adminPath('pricing', 'history')}${queryString({ cursor })}`);

export const savePricing = (body: AdminPricingBody) => apiRequest<AdminPricingUpdateResponse>(adminPath('pricing'), { method: 'PUT', body });

export const pricingQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'pricing'], queryFn: fetchPricing, staleTime: 0 });

export const priceHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'pricing-history'],
    queryFn: ({ pageParam }) => fetchPriceHistory(pageParam),
    staleTime: 0,
    ...keysetPages,
  });
