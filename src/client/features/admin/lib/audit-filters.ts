import { ADMIN_ACTIONS, ADMIN_TARGET_TYPES, type AdminActionName, type AdminAuditQuery, type AdminTargetType } from '@shared/api/admin-audit';
import type { FiltersInUrl } from './use-url-filters';
import { dayEnd, dayStart, readChoice, readDay, readText, writeParams } from './search-params';

/** The audit log's filters, as the URL carries them. */
export interface AuditFilters {
  actor: string;
  action: AdminActionName | '';
  targetType: AdminTargetType | '';
  targetId: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', targetType: '', targetId: '', from: '', to: '' };

export function auditFiltersFromParams(params: URLSearchParams): AuditFilters {
  return {
    actor: readText(params, 'actor').slice(0, 200),
    action: readChoice(params, 'action', ADMIN_ACTIONS),
    targetType: readChoice(params, 'targetType', ADMIN_TARGET_TYPES),
    targetId: readText(params, 'targetId').slice(0, 200),
    from: readDay(params, 'from'),
    to: readDay(params, 'to'),
  };
}

export function auditFiltersToParams(filters: AuditFilters): URLSearchParams {
  return writeParams({ ...filters });
}

export const AUDIT_FILTERS_IN_URL: FiltersInUrl<AuditFilters> = { fromParams: auditFiltersFromParams, toParams: auditFiltersToParams };

export function auditFiltersToQuery(filters: AuditFilters): AdminAuditQuery {
  return {
    actor: filters.actor || undefined,
    action: filters.action || undefined,
    targetType: filters.targetType || undefined,
    targetId: filters.targetId || undefined,
    from: filters.from ? dayStart(filters.from) : undefined,
    to: filters.to ? dayEnd(filters.to) : undefined,
  };
}
