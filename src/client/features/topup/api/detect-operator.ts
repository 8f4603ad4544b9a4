import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorInfo } from '@shared/api/catalog';
import { ApiRequestError } from '@/lib/api-client';
import { InvalidDetectionResponseError, requestOperatorDetection, type DetectOperatorInput } from '@/lib/operator-detection';

export type { DetectOperatorInput } from '@/lib/operator-detection';

/**
 * A failed detection: the server's refusal is its cause; `messageKey` is set when the text is the browser's own.
 * apiErrorText turns either into the customer's language.
 */
export class OperatorDetectionError extends Error {
  constructor(
    message: string,
    readonly messageKey?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export async function detectOperator(input: DetectOperatorInput): Promise<OperatorInfo> {
  try {
    return await requestOperatorDetection(input);
  } catch (error) {
    if (error instanceof InvalidDetectionResponseError) {
      throw new OperatorDetectionError('Invalid response format from server', 'topup.errors.invalidResponse');
    }
    if (error instanceof ApiRequestError && error.serverMessage) throw new OperatorDetectionError(error.serverMessage, undefined, { cause: error });
    throw new OperatorDetectionError('Failed to detect operator', 'topup.errors.detectFailed');
  }
}

export const detectOperatorQueryOptions = (input: DetectOperatorInput) =>
  queryOptions({ queryKey: ['operator-detect', input.countryCode, input.phone], queryFn: () => detectOperator(input) });

/** Detection runs when the visitor presses Next; a number detected before is answered from the cache. */
export function useDetectOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: DetectOperatorInput) => queryClient.fetchQuery(detectOperatorQueryOptions(input)) });
}
