import type { OperatorDetectResponse, OperatorInfo } from '@shared/api/catalog';
import { apiRequest } from './api-client';

export interface DetectOperatorInput {
  phone: string;
  countryCode: string;
}

/** The answer of a detection must be `{ success: true, data }` (docs/product.md §5). */
export class InvalidDetectionResponseError extends Error {
  constructor() {
    super('Invalid response format from server');
  }
}

function isDetectResponse(body: unknown): body is OperatorDetectResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { success, data } = body as { success?: unknown; data?: unknown };
  return success === true && typeof data === 'object' && data !== null;
}

/** GET /api/reloadly/operator-detect/{phone}/{countryIsoCode}: the operator serving the number. Throws ApiRequestError. */
export async function requestOperatorDetection({ phone, countryCode }: DetectOperatorInput): Promise<OperatorInfo> {
  const body = await apiRequest<unknown>(`/api/reloadly/operator-detect/${encodeURIComponent(phone)}/${encodeURIComponent(countryCode)}`);
  if (!isDetectResponse(body)) throw new InvalidDetectionResponseError();
  return body.data;
}
