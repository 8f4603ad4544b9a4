import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptResponse } from '@shared/api/receipts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/orders/:id/receipt: one of the signed-in customer's orders as its receipt shows it, and who sold it (404 for anyone else's). */
export async function getReceipt(orderId: string) {
  const { receipt, merchant } = await apiRequest<ReceiptResponse>(`/api/orders/${encodeURIComponent(orderId)}/receipt`);
  return { receipt, merchant };
}

export const receiptQueryOptions = (userId: string, orderId: string) =>
  queryOptions({ queryKey: ['profile', userId, 'orders', orderId, 'receipt'], queryFn: () => getReceipt(orderId), staleTime: 0 });

export function useReceipt(userId: string, orderId: string) {
  return useQuery(receiptQueryOptions(userId, orderId));
}
