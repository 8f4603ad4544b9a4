import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryReportResponse } from '@shared/api/delivery-reports';
import type { OrderView } from '@shared/api/orders';
import { apiRequest } from '@/lib/api-client';
import { orderQueryOptions } from './get-order';
import { ordersQueryOptions } from './get-orders';

/** POST /api/orders/:id/delivery-report: "It didn't arrive", with the customer's optional words. */
export const reportDelivery = (orderId: string, message: string) =>
  apiRequest<DeliveryReportResponse>(`/api/orders/${encodeURIComponent(orderId)}/delivery-report`, {
    method: 'POST',
    body: { message: message.trim() || null },
  });

/** Sends the report, then shows it at once on the order and in the list, and reads both again. */
export function useReportDelivery(userId: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => reportDelivery(orderId, message),
    onSuccess: ({ report }) => {
      const reported = (order: OrderView): OrderView => ({ ...order, deliveryReport: report, canReportDelivery: false });
      queryClient.setQueryData(orderQueryOptions(userId, orderId).queryKey, (order) => order && reported(order));
      queryClient.setQueryData(ordersQueryOptions(userId).queryKey, (orders) =>
        orders?.map((order) => (order.id === orderId ? reported(order) : order)),
      );
      void queryClient.invalidateQueries({ queryKey: ordersQueryOptions(userId).queryKey });
    },
  });
}
