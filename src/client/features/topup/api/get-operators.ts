import { useQuery } from '@tanstack/react-query';
import type { OperatorInfo } from '@shared/api/catalog';
import { operatorsQueryOptions } from '@/lib/operators';

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
