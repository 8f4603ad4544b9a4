import { queryOptions } from '@tanstack/react-query';
import type {
  AdminCatalogueCountriesQuery,
  AdminCatalogueCountriesResponse,
  AdminCatalogueCountryActionResponse,
  AdminCatalogueCountryResponse,
  AdminCatalogueOperatorActionResponse,
  CatalogueSwitchAction,
} from '@shared/api/admin-catalogue';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, checkedReason, queryString } from './request';

/** The catalogue (src/shared/api/admin-catalogue.ts): its destinations and operators, and switching them on or off. */

const path = (...parts: Array<string | number>) => adminPath('catalogue', ...parts);

export const fetchCatalogueCountries = (query: AdminCatalogueCountriesQuery) =>
  apiRequest<AdminCatalogueCountriesResponse>(`${path('countries')}${queryString(query)}`);

export const fetchCatalogueCountry = (iso: string) => apiRequest<AdminCatalogueCountryResponse>(path('countries', iso));

export const switchCountry = (iso: string, action: CatalogueSwitchAction, reason: string) =>
  apiRequest<AdminCatalogueCountryActionResponse>(path('countries', iso, action), { method: 'POST', body: { reason: checkedReason(reason) } });

export const switchOperator = (iso: string, operatorId: number, action: CatalogueSwitchAction, reason: string) =>
  apiRequest<AdminCatalogueOperatorActionResponse>(path('countries', iso, 'operators', operatorId, action), {
    method: 'POST',
    body: { reason: checkedReason(reason) },
  });

/** Read again whenever a page shows them: another admin (or a deployment's blocked list) may have changed them. */
export const catalogueCountriesQueryOptions = (query: AdminCatalogueCountriesQuery) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'catalogue', 'countries', query], queryFn: () => fetchCatalogueCountries(query), staleTime: 0 });

export const catalogueCountryQueryOptions = (iso: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'catalogue', 'country', iso.toUpperCase()],
    queryFn: () => fetchCatalogueCountry(iso),
    staleTime: 0,
  });
