import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AdminAuditQuery, AdminAuditResponse } from '@shared/api/admin-audit';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, keysetPages, queryString } from './request';

/** The audit log of the admins' actions, filtered, a page at a time. */

export const fetchAuditLog = (query: AdminAuditQuery) => apiRequest<AdminAuditResponse>(`${adminPath('audit-log')}${queryString(query)}`);

export const auditLogQueryOptions = (query: AdminAuditQuery) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'audit-log', query],
    queryFn: ({ pageParam }) => fetchAuditLog({ ...query, cursor: pageParam }),
    staleTime: 0,
    ...keysetPages,
  });
