import { queryOptions } from '@tanstack/react-query';
import type { AdminAttentionCountResponse, AdminAttentionResponse } from '@shared/api/admin';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** The orders that wait for a person, and their count beside the navigation's section. */

export const fetchAttentionCount = async () => (await apiRequest<AdminAttentionCountResponse>(adminPath('attention', 'count'))).count;

export const fetchAttention = () => apiRequest<AdminAttentionResponse>(adminPath('attention'));

export const attentionCountQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'attention-count'], queryFn: fetchAttentionCount, staleTime: 0 });

export const attentionQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'attention'], queryFn: fetchAttention, staleTime: 0 });
