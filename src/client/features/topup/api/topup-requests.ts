import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CreateTopupRequestBody, CreateTopupRequestResponse, GetTopupRequestResponse } from '@shared/api/topup-requests';
import { apiRequest } from '@/lib/api-client';

/** POST /api/topup-requests: a link for one's own number (ADR 022). */
export function createTopupRequest(input: CreateTopupRequestBody) {
  return apiRequest<CreateTopupRequestResponse>('/api/topup-requests', { method: 'POST', body: input });
}

export function useCreateTopupRequest() {
  return useMutation({ mutationFn: createTopupRequest });
}

/** GET /api/topup-requests/:token: what a link asks for; 404 when it is unknown or has expired. */
export function getTopupRequest(token: string) {
  return apiRequest<GetTopupRequestResponse>(`/api/topup-requests/${encodeURIComponent(token)}`).then((body) => body.request);
}

export const topupRequestQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['topup-request', token], queryFn: () => getTopupRequest(token) });

export function useTopupRequest(token: string) {
  return useQuery(topupRequestQueryOptions(token));
}
