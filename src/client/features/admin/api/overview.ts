import { queryOptions } from '@tanstack/react-query';
import type { AdminOverviewResponse } from '@shared/api/admin-overview';
import type { AdminTopupWalletResponse } from '@shared/api/account';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** The overview's figures and the top-up provider's wallet (src/shared/api/admin-overview.ts). */

export const fetchOverview = () => apiRequest<AdminOverviewResponse>(adminPath('overview'));

export const fetchTopupWallet = () => apiRequest<AdminTopupWalletResponse>(adminPath('topup-wallet'));

export const overviewQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'overview'], queryFn: fetchOverview, staleTime: 0 });

export const topupWalletQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'topup-wallet'], queryFn: fetchTopupWallet, staleTime: 0 });
