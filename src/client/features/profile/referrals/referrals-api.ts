import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReferralsResponse } from '@shared/api/referrals';
import { apiRequest } from '@/lib/api-client';

/** The signed-in customer's referral link, friends and credit (ADR 070): GET /api/referrals/me. */
export const myReferralsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['referrals', userId],
    queryFn: () => apiRequest<MyReferralsResponse>('/api/referrals/me'),
    staleTime: 0,
  });

export const useMyReferrals = (userId: string) => useQuery(myReferralsQueryOptions(userId));
