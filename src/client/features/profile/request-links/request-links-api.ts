import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListTopupRequestsResponse } from '@shared/api/topup-requests';
import { apiRequest, sendApiRequest, apiErrorFromAnswer } from '@/lib/api-client';

/** The signed-in customer's request links that still work (ADR 022): GET /api/user/topup-requests. */
export const requestLinksQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['request-links', userId],
    queryFn: async () => (await apiRequest<ListTopupRequestsResponse>('/api/user/topup-requests')).requests,
    staleTime: 0,
  });

export const useRequestLinks = (userId: string) => useQuery(requestLinksQueryOptions(userId));

/** DELETE /api/user/topup-requests/:id: the link stops working at once. */
export function useRevokeRequestLink(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await sendApiRequest(`/api/user/topup-requests/${id}`, { method: 'DELETE' });
      if (!answer.ok) throw apiErrorFromAnswer(answer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestLinksQueryOptions(userId).queryKey }),
  });
}
