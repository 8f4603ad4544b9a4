import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AdminCustomerActionResponse, AdminCustomerResponse, AdminCustomersQuery, AdminCustomersResponse } from '@shared/api/admin';
import { apiRequest } from '@/lib/api-client';
import { customerActionRequest, type CustomerActionChoice } from '../lib/actions';
import { ADMIN_QUERY_KEY, adminPath, checkedReason, keysetPages, queryString } from './request';

/** The customers (src/shared/api/admin.ts): the list, one customer, and the actions on an account. */

export const fetchCustomers = (query: AdminCustomersQuery) => apiRequest<AdminCustomersResponse>(`${adminPath('customers')}${queryString(query)}`);

export const fetchCustomer = (customerId: string) => apiRequest<AdminCustomerResponse>(adminPath('customers', customerId));

export async function runCustomerAction(customerId: string, choice: CustomerActionChoice, reason: string) {
  const { action, body } = customerActionRequest(choice, checkedReason(reason));
  return apiRequest<AdminCustomerActionResponse>(adminPath('customers', customerId, action), { method: 'POST', body });
}

export const customersQueryOptions = (query: AdminCustomersQuery) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'customers', query],
    queryFn: ({ pageParam }) => fetchCustomers({ ...query, cursor: pageParam }),
    staleTime: 0,
    ...keysetPages,
  });

export const customerQueryOptions = (customerId: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'customer', customerId], queryFn: () => fetchCustomer(customerId), staleTime: 0 });
