import type {
  AdminDeliveryReportAction,
  AdminAttentionCountResponse,
  AdminAttentionResponse,
  AdminAuditQuery,
  AdminAuditResponse,
  AdminCustomerActionResponse,
  AdminCustomerResponse,
  AdminCustomersQuery,
  AdminCustomersResponse,
  AdminOrderAction,
  AdminOrderActionResponse,
  AdminOrderResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
} from '@shared/api/admin';
import type { AdminOverviewResponse } from '@shared/api/admin-overview';
import type { AdminTopupWalletResponse } from '@shared/api/account';
import type { Country } from '@shared/api/catalog';
import { apiRequest } from '@/lib/api-client';
import { customerActionRequest, reasonProblem, type CustomerActionChoice } from '../lib/actions';

/** The operations console's calls (src/shared/api/admin.ts). Every one goes through the app's one API wrapper. */

/** `?a=1&b=x,y` of the values that are set; lists are comma-separated, as the server reads them. */
export function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    if (text !== '') params.set(key, text);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

const path = (...parts: string[]) => `/api/admin/${parts.map(encodeURIComponent).join('/')}`;

export const fetchOverview = () => apiRequest<AdminOverviewResponse>(path('overview'));

export const fetchTopupWallet = () => apiRequest<AdminTopupWalletResponse>(path('topup-wallet'));

export const fetchAttentionCount = async () => (await apiRequest<AdminAttentionCountResponse>(path('attention', 'count'))).count;

export const fetchAttention = () => apiRequest<AdminAttentionResponse>(path('attention'));

export const fetchOrders = (query: AdminOrdersQuery) => apiRequest<AdminOrdersResponse>(`${path('orders')}${queryString(query)}`);

export const fetchOrder = (orderId: string) => apiRequest<AdminOrderResponse>(path('orders', orderId));

export const fetchCustomers = (query: AdminCustomersQuery) => apiRequest<AdminCustomersResponse>(`${path('customers')}${queryString(query)}`);

export const fetchCustomer = (customerId: string) => apiRequest<AdminCustomerResponse>(path('customers', customerId));

export const fetchAuditLog = (query: AdminAuditQuery) => apiRequest<AdminAuditResponse>(`${path('audit-log')}${queryString(query)}`);

/** Every destination, for the orders' country filter (the top-up flow's list, read on its own key). */
export const fetchCountries = () => apiRequest<Country[]>('/api/countries');

/** A reason the server would refuse never leaves the browser: the dialog says what is wrong instead. */
function checkedReason(reason: string): string {
  const problem = reasonProblem(reason);
  if (problem) throw new Error(`reason ${problem}`);
  return reason.trim();
}

export const runOrderAction = async (orderId: string, action: AdminOrderAction, reason: string) =>
  apiRequest<AdminOrderActionResponse>(path('orders', orderId, action), { method: 'POST', body: { reason: checkedReason(reason) } });

/** The order's open "It didn't arrive" report: taken (checking) or resolved as delivered with the operator's reference. */
export const runDeliveryReportAction = async (orderId: string, action: AdminDeliveryReportAction, reason: string, reference?: string) =>
  apiRequest<AdminOrderActionResponse>(path('orders', orderId, 'delivery-report', action), {
    method: 'POST',
    body: action === 'delivered' ? { reason: checkedReason(reason), reference: reference?.trim() || null } : { reason: checkedReason(reason) },
  });

export async function runCustomerAction(customerId: string, choice: CustomerActionChoice, reason: string) {
  const { action, body } = customerActionRequest(choice, checkedReason(reason));
  return apiRequest<AdminCustomerActionResponse>(path('customers', customerId, action), { method: 'POST', body });
}
