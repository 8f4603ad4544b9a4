import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@shared/api/catalog';
import { apiRequest } from './api-client';

/** GET /api/countries: the destinations, for the top-up flow's picker and the profile's saved recipients. */
export function getCountries() {
  return apiRequest<Country[]>('/api/countries');
}

export const countriesQueryOptions = () => queryOptions({ queryKey: ['countries'], queryFn: getCountries });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
