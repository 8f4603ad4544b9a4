import { queryOptions } from '@tanstack/react-query';
import type { AdminOrderActionResponse, AdminReviewRejectBody } from '@shared/api/admin';
import type {
  AdminBlocklistAddBody,
  AdminBlocklistEntryResponse,
  AdminBlocklistResponse,
  AdminRiskReviewCountResponse,
  AdminRiskReviewsResponse,
  AdminRiskSettingsBody,
  AdminRiskSettingsResponse,
  OrderRiskView,
  RiskSettings,
} from '@shared/api/risk';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, checkedReason } from './request';

/** The risk desk (src/shared/api/risk.ts): an order's signals, the review queue, the rules and the blocklists. */

export const fetchOrderRisk = (orderId: string) => apiRequest<{ success: true; risk: OrderRiskView }>(adminPath('orders', orderId, 'risk'));

export const orderRiskQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'orders', orderId, 'risk'], queryFn: () => fetchOrderRisk(orderId), retry: false });

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'risk', 'reviews'],
    queryFn: () => apiRequest<AdminRiskReviewsResponse>(adminPath('risk', 'reviews')),
    staleTime: 0,
  });

export const reviewCountQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'risk', 'review-count'],
    queryFn: async () => (await apiRequest<AdminRiskReviewCountResponse>(adminPath('risk', 'reviews', 'count'))).count,
    staleTime: 0,
  });

/** "Approve": the order held for review is sent now. */
export const approveReview = (orderId: string, reason: string) =>
  apiRequest<AdminOrderActionResponse>(adminPath('orders', orderId, 'approve'), { method: 'POST', body: { reason: checkedReason(reason) } });

/** "Reject": the hold is released; the account blocked (for its own reason) and the card blocklisted when asked. */
export const rejectReview = (orderId: string, body: AdminReviewRejectBody) =>
  apiRequest<AdminOrderActionResponse>(adminPath('orders', orderId, 'reject'), { method: 'POST', body });

export const riskRulesQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'risk', 'rules'],
    queryFn: () => apiRequest<AdminRiskSettingsResponse>(adminPath('risk', 'rules')),
    staleTime: 0,
  });

export const saveRiskRules = async (body: AdminRiskSettingsBody) =>
  (await apiRequest<{ success: true; settings: RiskSettings }>(adminPath('risk', 'rules'), { method: 'PUT', body })).settings;

export const blocklistQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'risk', 'blocklist'],
    queryFn: () => apiRequest<AdminBlocklistResponse>(adminPath('risk', 'blocklist')),
    staleTime: 0,
  });

export const addBlocklistEntry = (body: AdminBlocklistAddBody) =>
  apiRequest<AdminBlocklistEntryResponse>(adminPath('risk', 'blocklist'), { method: 'POST', body });

export const removeBlocklistEntry = (id: number, reason: string) =>
  apiRequest<AdminBlocklistEntryResponse>(adminPath('risk', 'blocklist', id), { method: 'DELETE', body: { reason: checkedReason(reason) } });
