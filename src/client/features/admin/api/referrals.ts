import { queryOptions } from '@tanstack/react-query';
import type { AdminCustomerReferrals, AdminReferralSettingsBody, ReferralSettingsResponse } from '@shared/api/referrals';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** Refer a friend on the console (ADR 070): the settings, and one customer's referrals and credit. */

export const referralSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'referral-settings'],
    queryFn: () => apiRequest<ReferralSettingsResponse>(adminPath('referral-settings')),
    staleTime: 0,
  });

export const saveReferralSettings = (body: AdminReferralSettingsBody) =>
  apiRequest<ReferralSettingsResponse>(adminPath('referral-settings'), { method: 'PUT', body });

export const customerReferralsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customer-referrals', customerId],
    queryFn: async () =>
      (await apiRequest<{ success: true; referrals: AdminCustomerReferrals }>(adminPath('customers', customerId, 'referrals'))).referrals,
    staleTime: 0,
  });
