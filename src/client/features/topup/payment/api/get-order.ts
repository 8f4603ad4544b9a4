import { queryOptions } from '@tanstack/react-query';
import { fetchOrderDetail } from '@/lib/order-api';

/** The order and its result, as the result screen follows a PROCESSING top-up. */
export const orderQueryOptions = (orderId: string) => queryOptions({ queryKey: ['orders', orderId], queryFn: () => fetchOrderDetail(orderId) });
