import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdminDeliveryReportAction,
  AdminOrderAction,
  AdminOrderActionResponse,
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
} from '@shared/api/admin';
import type { Country } from '@shared/api/catalog';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, checkedReason, keysetPages, queryString } from './request';

/** The orders (src/shared/api/admin.ts): the list, one order, its actions and its "It didn't arrive" report. */

export const fetchOrders = (query: AdminOrdersQuery) => apiRequest<AdminOrdersResponse>(`${adminPath('orders')}${queryString(query)}`);

export const fetchOrder = (orderId: string) => apiRequest<AdminOrderResponse>(adminPath('orders', orderId));

/** Every destination, for the orders' country filter (the top-up flow's list, read on its own key). */
export const fetchCountries = () => apiRequest<Country[]>('/api/countries');

export const runOrderAction = async (orderId: string, action: AdminOrderAction, reason: string) =>
  apiRequest<AdminOrderActionResponse>(adminPath('orders', orderId, action), { method: 'POST', body: { reason: checkedReason(reason) } });

/** The order's open "It didn't arrive" report: taken (checking) or resolved as delivered with the operator's reference. */
export const runDeliveryReportAction = async (orderId: string, action: AdminDeliveryReportAction, reason: string, reference?: string) =>
  apiRequest<AdminOrderActionResponse>(adminPath('orders', orderId, 'delivery-report', action), {
    method: 'POST',
    body: action === 'delivered' ? { reason: checkedReason(reason), reference: reference?.trim() || null } : { reason: checkedReason(reason) },
  });

export const ordersQueryOptions = (query: AdminOrdersQuery) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'orders', query],
    queryFn: ({ pageParam }) => fetchOrders({ ...query, cursor: pageParam }),
    staleTime: 0,
    ...keysetPages,
  });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'order', orderId], queryFn: () => fetchOrder(orderId), staleTime: 0 });

/** The catalogue's countries change with a deployment, not while the console is open. */
export const countriesQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'countries'], queryFn: fetchCountries });
