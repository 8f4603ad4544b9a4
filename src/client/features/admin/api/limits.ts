import { queryOptions } from '@tanstack/react-query';
import type { AdminLimitsBody, AdminLimitsResponse, AdminLimitsUpdateResponse } from '@shared/api/admin-settings';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** The limits on orders and payments (src/shared/api/admin-settings.ts): the ones in force and saving new ones. */

export const fetchLimits = () => apiRequest<AdminLimitsResponse>(adminPath('limits'));

export const saveLimits = (body: AdminLimitsBody) => apiRequest<AdminLimitsUpdateResponse>(adminPath('limits'), { method: 'PUT', body });

export const limitsQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'limits'], queryFn: fetchLimits, staleTime: 0 });
