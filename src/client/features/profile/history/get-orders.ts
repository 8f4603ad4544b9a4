import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListResponse } from '@shared/api/orders';
import { apiRequest } from '@/lib/api-client';

/** GET /api/orders: the signed-in user's own orders, newest first. */
export async function getOrders() {
  return (await apiRequest<OrderListResponse>('/api/orders')).orders;
}

/** Read again on every visit to the profile: orders change status after the page first loaded them. */
export const ordersQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profile', userId, 'orders'], queryFn: getOrders, staleTime: 0 });

export function useOrders(userId: string) {
  return useQuery(ordersQueryOptions(userId));
}
