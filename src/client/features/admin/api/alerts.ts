import { queryOptions } from '@tanstack/react-query';
import type {
  AdminAlertResolveResponse,
  AdminAlertSettingsBody,
  AdminAlertSettingsResponse,
  AdminAlertSettingsUpdateResponse,
  AdminAlertsResponse,
} from '@shared/api/admin-alerts';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** The business alerts (src/shared/api/admin-alerts.ts): the open ones, resolving one, and their thresholds. */

export const fetchAlerts = () => apiRequest<AdminAlertsResponse>(adminPath('alerts'));

export const resolveAlert = (id: number, note: string) =>
  apiRequest<AdminAlertResolveResponse>(adminPath('alerts', String(id), 'resolve'), { method: 'POST', body: { note } });

export const alertsQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'alerts'], queryFn: fetchAlerts, staleTime: 0 });

export const fetchAlertSettings = () => apiRequest<AdminAlertSettingsResponse>(adminPath('alert-settings'));

export const saveAlertSettings = (body: AdminAlertSettingsBody) =>
  apiRequest<AdminAlertSettingsUpdateResponse>(adminPath('alert-settings'), { method: 'PUT', body });

export const alertSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'alert-settings'], queryFn: fetchAlertSettings, staleTime: 0 });
