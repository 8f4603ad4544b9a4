import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AdminAuditQuery, AdminCustomersQuery, AdminOrdersQuery, AdminPage } from '@shared/api/admin';
import {
  fetchAttention,
  fetchAttentionCount,
  fetchAuditLog,
  fetchCountries,
  fetchCustomer,
  fetchCustomers,
  fetchOrder,
  fetchOrders,
  fetchOverview,
  fetchTopupWallet,
} from './admin-api';

/**
 * Every query of the console starts with this key, so an action can mark them all out of date at once. They are read
 * again whenever a page shows them (staleTime 0): the state of orders and accounts moves while the console is open.
 */
export const ADMIN_QUERY_KEY = ['admin'] as const;

export const attentionCountQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'attention-count'], queryFn: fetchAttentionCount, staleTime: 0 });

export const overviewQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'overview'], queryFn: fetchOverview, staleTime: 0 });

export const topupWalletQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'topup-wallet'], queryFn: fetchTopupWallet, staleTime: 0 });

export const attentionQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'attention'], queryFn: fetchAttention, staleTime: 0 });

/** The catalogue's countries change with a deployment, not while the console is open. */
export const countriesQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'countries'], queryFn: fetchCountries });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'order', orderId], queryFn: () => fetchOrder(orderId), staleTime: 0 });

export const customerQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'customer', customerId], queryFn: () => fetchCustomer(customerId), staleTime: 0 });

/** A list read a page at a time: each page's nextCursor asks for the one after it. */
const pages = { initialPageParam: undefined as string | undefined, getNextPageParam: (page: AdminPage) => page.nextCursor ?? undefined };

export const ordersQueryOptions = (query: AdminOrdersQuery) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'orders', query],
    queryFn: ({ pageParam }) => fetchOrders({ ...query, cursor: pageParam }),
    staleTime: 0,
    ...pages,
  });

export const customersQueryOptions = (query: AdminCustomersQuery) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customers', query],
    queryFn: ({ pageParam }) => fetchCustomers({ ...query, cursor: pageParam }),
    staleTime: 0,
    ...pages,
  });

export const auditLogQueryOptions = (query: AdminAuditQuery) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'audit-log', query],
    queryFn: ({ pageParam }) => fetchAuditLog({ ...query, cursor: pageParam }),
    staleTime: 0,
    ...pages,
  });
