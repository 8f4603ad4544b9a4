import type { OrderDetailResponse, OrderListResponse, OrderPinResponse } from '@shared/api/orders';
import { apiRequest } from './api-client';

/** GET /api/orders: the signed-in user's own orders, newest first. */
export const fetchOrders = async () => (await apiRequest<OrderListResponse>('/api/orders')).orders;

/** GET /api/orders/:id: one of the signed-in user's orders with its result (404 for anyone else's). */
export const fetchOrderDetail = (orderId: string) => apiRequest<OrderDetailResponse>(`/api/orders/${encodeURIComponent(orderId)}`);

/** GET /api/orders/:id/pin: a delivered PIN product's PIN, for the order's owner only. */
export const fetchOrderPin = (orderId: string) => apiRequest<OrderPinResponse>(`/api/orders/${encodeURIComponent(orderId)}/pin`);
