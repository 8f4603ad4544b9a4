import { queryOptions } from '@tanstack/react-query';
import type {
  AdminPromoCodeCreate,
  AdminPromoCodeOrdersResponse,
  AdminPromoCodeResponse,
  AdminPromoCodesResponse,
  AdminPromoCodeUpdate,
} from '@shared/api/promo-codes';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** Promo codes (src/shared/api/promo-codes.ts, ADR 067): the list with their uses, a new code, a change, a code's orders. */

export const promoCodesQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'promo-codes'],
    queryFn: () => apiRequest<AdminPromoCodesResponse>(adminPath('promo-codes')),
    staleTime: 0,
  });

export const promoCodeOrdersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'promo-codes', id, 'orders'],
    queryFn: () => apiRequest<AdminPromoCodeOrdersResponse>(adminPath('promo-codes', id, 'orders')),
    staleTime: 0,
  });

export const createPromoCode = (body: AdminPromoCodeCreate) => apiRequest<AdminPromoCodeResponse>(adminPath('promo-codes'), { method: 'POST', body });

export const updatePromoCode = (id: number, body: AdminPromoCodeUpdate) =>
  apiRequest<AdminPromoCodeResponse>(adminPath('promo-codes', id), { method: 'PUT', body });
