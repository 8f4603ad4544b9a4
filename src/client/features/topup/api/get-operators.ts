import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorInfo, OperatorListResponse } from '@shared/api/catalog';
import { apiRequest } from '@/lib/api-client';

/** GET /api/operators/:countryIsoCode: the operators a customer may choose in a country (ADR 055). */
export async function getOperators(countryCode: string): Promise<OperatorInfo[]> {
  return (await apiRequest<OperatorListResponse>(`/api/operators/${encodeURIComponent(countryCode)}`)).operators;
}

/** A country's list changes rarely: it is asked once a visit (the server keeps it too). */
export const operatorsQueryOptions = (countryCode: string) =>
  queryOptions({ queryKey: ['operators', countryCode], queryFn: () => getOperators(countryCode), staleTime: 10 * 60 * 1000 });

export function useOperators(countryCode: string) {
  return useQuery(operatorsQueryOptions(countryCode));
}

export type OperatorGroup = 'airtime' | 'data' | 'pin';

/** Which shelf an operator's products sit on: PIN products, data plans and bundles, else airtime. */
export const operatorGroupOf = (operator: Pick<OperatorInfo, 'pin' | 'data' | 'bundle'>): OperatorGroup =>
  operator.pin ? 'pin' : operator.data || operator.bundle ? 'data' : 'airtime';

/** The operators by group, in the order Airtime, Data, PIN, each keeping the provider's order; empty groups left out. */
export function groupOperators(operators: OperatorInfo[]): Array<{ group: OperatorGroup; operators: OperatorInfo[] }> {
  return (['airtime', 'data', 'pin'] as const)
    .map((group) => ({ group, operators: operators.filter((operator) => operatorGroupOf(operator) === group) }))
    .filter((entry) => entry.operators.length > 0);
}
