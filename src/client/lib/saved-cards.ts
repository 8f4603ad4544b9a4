import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemoveSavedCardResponse, SavedCardListResponse, SavedCardView } from '@shared/api/saved-cards';
import { apiRequest } from './api-client';

/** The signed-in customer's saved cards (ADR 063), for the payment step and the profile. */

export const savedCardsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['saved-cards', userId],
    queryFn: async () => (await apiRequest<SavedCardListResponse>('/api/user/payment-methods')).cards,
    // A payment that saved a card, or a removal in another tab, shows the next time a screen opens.
    staleTime: 0,
  });

export function useSavedCards(userId: string | undefined) {
  return useQuery({ ...savedCardsQueryOptions(userId ?? ''), enabled: userId !== undefined });
}

export function useRemoveSavedCard(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<RemoveSavedCardResponse>(`/api/user/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardsQueryOptions(userId).queryKey }),
  });
}

/** Stripe's brand names as people write them. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242" in the words of `t`'s card label. */
export function savedCardLabel(
  card: Pick<SavedCardView, 'brand' | 'last4'>,
  t: (key: string, values: Record<string, string>) => string,
  key: string,
) {
  return t(key, { brand: BRAND_NAMES[card.brand] ?? card.brand, last4: card.last4 });
}

/** The expiry as printed on the card: 12/34. */
export const savedCardExpiry = (card: Pick<SavedCardView, 'expMonth' | 'expYear'>) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

export type { SavedCardView };
