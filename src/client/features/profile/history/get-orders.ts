import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrders } from '@/lib/order-api';

/** Read again on every visit to the profile: orders change status after the page first loaded them. */
export const ordersQueryOptions = (userId: string) => queryOptions({ queryKey: ['profile', userId, 'orders'], queryFn: fetchOrders, staleTime: 0 });

export function useOrders(userId: string) {
  return useQuery(ordersQueryOptions(userId));
}
