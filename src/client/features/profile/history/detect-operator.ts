import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestOperatorDetection, type DetectOperatorInput } from '@/lib/operator-detection';

export type { DetectOperatorInput } from '@/lib/operator-detection';

/** GET /api/reloadly/operator-detect/{phone}/{countryIsoCode}: the operator that serves the number now. */
export const detectOperator = requestOperatorDetection;

/** Shares the top-up flow's cache entry, but is always asked again: a number can move to another operator. */
export const detectOperatorQueryOptions = (input: DetectOperatorInput) =>
  queryOptions({ queryKey: ['operator-detect', input.countryCode, input.phone], queryFn: () => detectOperator(input), staleTime: 0 });

export function useDetectOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: DetectOperatorInput) => queryClient.fetchQuery(detectOperatorQueryOptions(input)) });
}
