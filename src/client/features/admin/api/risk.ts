import { queryOptions } from '@tanstack/react-query';
import type { OrderRiskView } from '@shared/api/risk';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath } from './request';

/** The risk desk (src/shared/api/risk.ts): an order's signals and what the rules decided. */

export const fetchOrderRisk = (orderId: string) => apiRequest<{ success: true; risk: OrderRiskView }>(adminPath('orders', orderId, 'risk'));

export const orderRiskQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'orders', orderId, 'risk'], queryFn: () => fetchOrderRisk(orderId), retry: false });
