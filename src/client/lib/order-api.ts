import type { OrderDetailResponse } from '@shared/api/orders';
import { apiRequest } from './api-client';

/** GET /api/orders/:id: one of the signed-in user's orders with its result (404 for anyone else's). */
export const fetchOrderDetail = (orderId: string) => apiRequest<OrderDetailResponse>(`/api/orders/${encodeURIComponent(orderId)}`);
