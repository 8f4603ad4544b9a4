import { queryOptions } from '@tanstack/react-query';
import type { OperatorInfo, OperatorListResponse } from '@shared/api/catalog';
import { apiRequest } from './api-client';

/** GET /api/operators/:countryIsoCode: the operators a customer may choose in a country (ADR 055). */
export async function getOperators(countryCode: string): Promise<OperatorInfo[]> {
  return (await apiRequest<OperatorListResponse>(`/api/operators/${encodeURIComponent(countryCode)}`)).operators;
}

/**
 * A country's list changes rarely: it is asked once a visit (the server keeps it too). Shared by the operator picker
 * and 'Send again' / 'Top up again' (repeat-top-up.ts), so both read one cached list.
 */
export const operatorsQueryOptions = (countryCode: string) =>
  queryOptions({ queryKey: ['operators', countryCode], queryFn: () => getOperators(countryCode), staleTime: 10 * 60 * 1000 });
