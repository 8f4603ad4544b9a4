import { PAYMENT_PROVIDERS, type AdminOrdersQuery, type PaymentProviderName } from '@shared/api/admin';
import { ORDER_STATUSES, type OrderStatus } from '@shared/api/orders';
import type { FiltersInUrl } from './use-url-filters';
import { dayEnd, dayStart, readChoice, readChoices, readDay, readText, writeParams } from './search-params';

/** The largest operator id the server takes (a 32-bit integer). */
const OPERATOR_ID_MAX = 2_147_483_647;

/** The orders table's search box and filters, as the URL carries them (`?q=…&status=a,b&from=…`). */
export interface OrderFilters {
  q: string;
  status: OrderStatus[];
  /** Calendar days (YYYY-MM-DD) in the admin's time zone. */
  from: string;
  to: string;
  /** ISO 3166 alpha-2, upper case. */
  country: string;
  /** An operator id (digits). */
  operator: string;
  provider: PaymentProviderName | '';
}

export const NO_ORDER_FILTERS: OrderFilters = { q: '', status: [], from: '', to: '', country: '', operator: '', provider: '' };

export function orderFiltersFromParams(params: URLSearchParams): OrderFilters {
  const country = readText(params, 'country').toUpperCase();
  const operator = readText(params, 'operator');
  return {
    q: readText(params, 'q').slice(0, 200),
    status: readChoices(params, 'status', ORDER_STATUSES),
    from: readDay(params, 'from'),
    to: readDay(params, 'to'),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
    operator: /^[1-9]\d{0,9}$/.test(operator) && Number(operator) <= OPERATOR_ID_MAX ? operator : '',
    provider: readChoice(params, 'provider', PAYMENT_PROVIDERS),
  };
}

export function orderFiltersToParams(filters: OrderFilters): URLSearchParams {
  return writeParams({ ...filters });
}

export const ORDER_FILTERS_IN_URL: FiltersInUrl<OrderFilters> = { fromParams: orderFiltersFromParams, toParams: orderFiltersToParams };

/** The filters as GET /api/admin/orders takes them; the days become the instants they cover in the admin's time zone. */
export function orderFiltersToQuery(filters: OrderFilters): AdminOrdersQuery {
  return {
    q: filters.q || undefined,
    status: filters.status.length ? filters.status : undefined,
    from: filters.from ? dayStart(filters.from) : undefined,
    to: filters.to ? dayEnd(filters.to) : undefined,
    country: filters.country || undefined,
    operator: filters.operator ? Number(filters.operator) : undefined,
    provider: filters.provider || undefined,
  };
}

/** How many filters beside the search box narrow the list (a status list counts once). */
export function activeOrderFilterCount(filters: OrderFilters): number {
  const { q: _search, status, ...single } = filters;
  return (status.length ? 1 : 0) + Object.values(single).filter(Boolean).length;
}
