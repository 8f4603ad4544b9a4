import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddRecipientRequest,
  DeleteRecipientResponse,
  RecipientListResponse,
  RecipientResponse,
  RenameRecipientRequest,
  SavedRecipient,
} from '@shared/api/recipients';
import { apiRequest } from './api-client';

/** The signed-in customer's saved recipients (docs/product.md §11), for the top-up flow, the home page and the profile. */

const recipientPath = (id: string) => `/api/recipients/${encodeURIComponent(id)}`;

export const fetchSavedRecipients = async () => (await apiRequest<RecipientListResponse>('/api/recipients')).recipients;

/**
 * Keyed by the customer, so another account never sees a list left in the cache. Read again whenever a screen that
 * shows it opens: a top-up completed meanwhile adds or moves a recipient.
 */
export const savedRecipientsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['saved-recipients', userId], queryFn: fetchSavedRecipients, staleTime: 0 });

export function useSavedRecipients(userId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...savedRecipientsQueryOptions(userId ?? ''), enabled: enabled && userId !== undefined });
}

function useRecipientChange<Input, Answer>(userId: string, change: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedRecipientsQueryOptions(userId).queryKey }),
  });
}

export const useAddRecipient = (userId: string) =>
  useRecipientChange(userId, (body: AddRecipientRequest) => apiRequest<RecipientResponse>('/api/recipients', { method: 'POST', body }));

export const useRenameRecipient = (userId: string) =>
  useRecipientChange(userId, ({ id, name }: { id: string } & RenameRecipientRequest) =>
    apiRequest<RecipientResponse>(recipientPath(id), { method: 'PATCH', body: { name } }),
  );

export const useDeleteRecipient = (userId: string) =>
  useRecipientChange(userId, (id: string) => apiRequest<DeleteRecipientResponse>(recipientPath(id), { method: 'DELETE' }));

export type { SavedRecipient };
