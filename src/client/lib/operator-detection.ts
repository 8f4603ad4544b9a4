import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorDetectResponse, OperatorInfo } from '@shared/api/catalog';
import { ApiRequestError, apiRequest } from './api-client';

/** GET /api/reloadly/operator-detect/{phone}/{countryIsoCode}: the operator serving a number, for the top-up flow and the history's Top up again. */

export interface DetectOperatorInput {
  phone: string;
  countryCode: string;
}

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

/** The answer of a detection must be `{ success: true, data }` (docs/product.md §5). */
function isDetectResponse(body: unknown): body is OperatorDetectResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { success, data } = body as { success?: unknown; data?: unknown };
  return success === true && typeof data === 'object' && data !== null;
}

export async function detectOperator({ phone, countryCode }: DetectOperatorInput): Promise<OperatorInfo> {
  let body: unknown;
  try {
    body = await apiRequest<unknown>(`/api/reloadly/operator-detect/${encodeURIComponent(phone)}/${encodeURIComponent(countryCode)}`);
  } catch (error) {
    if (error instanceof ApiRequestError && error.serverMessage) throw new OperatorDetectionError(error.serverMessage, undefined, { cause: error });
    throw new OperatorDetectionError('Failed to detect operator', 'topup.errors.detectFailed');
  }
  if (!isDetectResponse(body)) throw new OperatorDetectionError('Invalid response format from server', 'topup.errors.invalidResponse');
  return body.data;
}

export const detectOperatorQueryOptions = (input: DetectOperatorInput) =>
  queryOptions({ queryKey: ['operator-detect', input.countryCode, input.phone], queryFn: () => detectOperator(input) });

/**
 * Detection runs when asked (the visitor presses Next, or Top up again in the history). A number detected before is
 * answered from the cache, unless `fresh`: a number can have moved to another operator since an old order.
 */
export function useDetectOperator({ fresh = false }: { fresh?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DetectOperatorInput) => queryClient.fetchQuery({ ...detectOperatorQueryOptions(input), ...(fresh ? { staleTime: 0 } : {}) }),
  });
}
