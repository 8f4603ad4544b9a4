import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralPriceResponse } from '@shared/api/referrals';
import { formatUsd, toCents } from '@shared/pricing';
import { apiRequest } from '@/lib/api-client';

/** What the review takes off a price besides the list fee (ADRs 067, 070), as the server priced it. */
export interface ReviewDiscount {
  /** The welcome discount or the promo code's. */
  discountCents: number;
  /** The referral credit used. */
  creditCents: number;
  totalCents: number;
  /** The discount is a friend's welcome discount, not a code's. */
  welcome: boolean;
}

type TopUp = { countryCode: string; operatorId: number; amountCents: number };

export const referralPriceQueryOptions = (top: TopUp | null) =>
  queryOptions({
    queryKey: ['referral-price', top?.countryCode, top?.operatorId, top?.amountCents],
    enabled: top !== null,
    staleTime: 0,
    queryFn: async (): Promise<ReviewDiscount | null> => {
      const answer = await apiRequest<ReferralPriceResponse>('/api/referrals/price', {
        method: 'POST',
        body: { countryCode: top!.countryCode, operatorId: top!.operatorId, amount: formatUsd(top!.amountCents) },
      });
      const discount = {
        discountCents: toCents(answer.welcomeDiscount),
        creditCents: toCents(answer.credit),
        totalCents: toCents(answer.totalAmount),
        welcome: true,
      };
      return discount.discountCents > 0 || discount.creditCents > 0 ? discount : null;
    },
  });

/**
 * POST /api/referrals/price: the server's price of this top-up for the signed-in customer with their welcome discount
 * and credit (ADR 070); null when nothing comes off. Asked only with a complete top-up.
 */
export const useReferralPrice = (top: TopUp | null) => useQuery(referralPriceQueryOptions(top));
