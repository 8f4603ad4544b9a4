import { queryOptions } from '@tanstack/react-query';
import { fetchOrderDetail, fetchOrders } from '@/lib/order-api';

/** The order and its result, as the result screen follows a top-up until it is final. */
export const orderQueryOptions = (orderId: string) => queryOptions({ queryKey: ['orders', orderId], queryFn: () => fetchOrderDetail(orderId) });

/** The id of the order paid with a payment intent, found in the history, for a result screen that knows only the intent. */
export const orderIdOfPaymentQueryOptions = (paymentIntentId: string) =>
  queryOptions({
    queryKey: ['orders', 'by-payment', paymentIntentId],
    queryFn: async () => (await fetchOrders()).find((order) => order.paymentIntentId === paymentIntentId)?.id ?? null,
  });
