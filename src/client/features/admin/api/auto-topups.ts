import { queryOptions } from '@tanstack/react-query';
import type { AdminAutoTopupDetailResponse, AdminAutoTopupsResponse } from '@shared/api/auto-topups';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** Auto top-ups (src/shared/api/auto-topups.ts, ADR 068): every schedule, and one schedule with its periods' orders. */

export const autoTopupsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'auto-topups'],
    queryFn: () => apiRequest<AdminAutoTopupsResponse>(adminPath('auto-topups')),
    staleTime: 0,
  });

export const autoTopupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'auto-topups', id],
    queryFn: () => apiRequest<AdminAutoTopupDetailResponse>(adminPath('auto-topups', id)),
    staleTime: 0,
  });
