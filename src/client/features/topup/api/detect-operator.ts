import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OperatorDetectResponse, OperatorInfo } from '@shared/api/catalog';
import { ApiRequestError, apiRequest } from '@/lib/api-client';

/** A failed detection; `messageKey` is set when the text is ours (and so translatable) rather than the server's. */
export class OperatorDetectionError extends Error {
  constructor(
    message: string,
    readonly messageKey?: string,
  ) {
    super(message);
  }
}

export interface DetectOperatorInput {
  phone: string;
  countryCode: string;
}

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
    if (error instanceof ApiRequestError && error.serverMessage) throw new OperatorDetectionError(error.serverMessage);
    throw new OperatorDetectionError('Failed to detect operator', 'topup.errors.detectFailed');
  }
  if (!isDetectResponse(body)) {
    throw new OperatorDetectionError('Invalid response format from server', 'topup.errors.invalidResponse');
  }
  return body.data;
}

export const detectOperatorQueryOptions = (input: DetectOperatorInput) =>
  queryOptions({ queryKey: ['operator-detect', input.countryCode, input.phone], queryFn: () => detectOperator(input) });

/** Detection runs when the visitor presses Next; a number detected before is answered from the cache. */
export function useDetectOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: DetectOperatorInput) => queryClient.fetchQuery(detectOperatorQueryOptions(input)) });
}
