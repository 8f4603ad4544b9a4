import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AutoTopupCreateBody,
  AutoTopupLinkResult,
  AutoTopupLinkView,
  AutoTopupListResponse,
  AutoTopupResponse,
  AutoTopupUpdateBody,
  AutoTopupView,
} from '@shared/api/auto-topups';
import { ROUTES } from '@shared/routes';
import { apiRequest } from './api-client';

/** The signed-in customer's auto top-ups (ADR 068), and the reminder e-mail's one-click links. */

export const AUTO_TOPUPS_ANCHOR = 'auto-topups';

export const autoTopupsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['auto-topups', userId],
    queryFn: async () => (await apiRequest<AutoTopupListResponse>('/api/auto-topups')).schedules,
    staleTime: 0,
  });

export function useAutoTopups(userId: string) {
  return useQuery(autoTopupsQueryOptions(userId));
}

type Change =
  | { kind: 'create'; body: AutoTopupCreateBody }
  | { kind: 'update'; id: string; body: AutoTopupUpdateBody }
  | { kind: 'skip' | 'pause' | 'resume' | 'delete'; id: string };

function send(change: Change): Promise<AutoTopupResponse | { success: true }> {
  const path = (id: string) => `/api/auto-topups/${encodeURIComponent(id)}`;
  switch (change.kind) {
    case 'create':
      return apiRequest<AutoTopupResponse>('/api/auto-topups', { method: 'POST', body: change.body });
    case 'update':
      return apiRequest<AutoTopupResponse>(path(change.id), { method: 'PATCH', body: change.body });
    case 'delete':
      return apiRequest<{ success: true }>(path(change.id), { method: 'DELETE' });
    default:
      return apiRequest<AutoTopupResponse>(`${path(change.id)}/${change.kind}`, { method: 'POST', body: {} });
  }
}

/** Any change of the customer's schedules; the list is read again after it. */
export function useAutoTopupChange(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: autoTopupsQueryOptions(userId).queryKey }),
  });
}

/** Where "Top up automatically" leads: the profile's form, filled from a saved recipient or an order. */
export function autoTopupFormPath(from: { recipientId: string } | { orderId: string; amount: string }): string {
  const query = new URLSearchParams(
    'recipientId' in from ? { autoTopupRecipient: from.recipientId } : { autoTopupOrder: from.orderId, amount: from.amount },
  );
  return `${ROUTES.profile}?${query.toString()}#${AUTO_TOPUPS_ANCHOR}`;
}

/** What a reminder's link would do; reading it changes nothing. */
export const autoTopupLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auto-topup-link', token],
    queryFn: () => apiRequest<AutoTopupLinkView>(`/api/auto-topup-links?token=${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });

export const followAutoTopupLink = (token: string) => apiRequest<AutoTopupLinkResult>('/api/auto-topup-links', { method: 'POST', body: { token } });

export type { AutoTopupView };
