import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@shared/api/orders';
import { fetchOrderDetail } from '@/lib/order-api';
import { ordersQueryOptions } from './get-orders';

/** One of the signed-in user's orders (404 for anyone else's). */
export async function getOrder(orderId: string) {
  return (await fetchOrderDetail(orderId)).order;
}

export const orderQueryOptions = (userId: string, orderId: string) =>
  queryOptions({ queryKey: ['profile', userId, 'orders', orderId], queryFn: () => getOrder(orderId), staleTime: 0 });

/**
 * The order as it is now; the list's copy shows at once while it loads. The server settles a pending top-up when it
 * is asked for, so a status that moved is written back into the list too.
 */
export function useOrder(userId: string, listed: OrderView) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...orderQueryOptions(userId, listed.id), placeholderData: listed });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (!fresh || fresh.status === listed.status) return;
    queryClient.setQueryData(ordersQueryOptions(userId).queryKey, (orders) => orders?.map((order) => (order.id === fresh.id ? fresh : order)));
  }, [fresh, listed.status, queryClient, userId]);
  return query;
}
