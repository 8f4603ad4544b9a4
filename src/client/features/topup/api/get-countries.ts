import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '@shared/api/catalog';
import { apiRequest } from '@/lib/api-client';

export function getCountries() {
  return apiRequest<Country[]>('/api/countries');
}

export const countriesQueryOptions = () => queryOptions({ queryKey: ['countries'], queryFn: getCountries });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
