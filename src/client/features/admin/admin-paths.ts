import { ROUTES } from '@shared/routes';

/** The console's pages under /admin; each one is a link that survives a reload and can be shared. */
export const ADMIN_PATHS = {
  overview: ROUTES.admin,
  orders: `${ROUTES.admin}/orders`,
  attention: `${ROUTES.admin}/attention`,
  customers: `${ROUTES.admin}/customers`,
  catalogue: `${ROUTES.admin}/catalogue`,
  audit: `${ROUTES.admin}/audit`,
  pricing: `${ROUTES.admin}/pricing`,
  limits: `${ROUTES.admin}/limits`,
  messages: `${ROUTES.admin}/messages`,
  settlement: `${ROUTES.admin}/settlement`,
  reviews: `${ROUTES.admin}/reviews`,
  rules: `${ROUTES.admin}/rules`,
  blocklist: `${ROUTES.admin}/blocklist`,
  promoCodes: `${ROUTES.admin}/promos`,
  autoTopups: `${ROUTES.admin}/autotopups`,
} as const;

export const orderPath = (orderId: string) => `${ADMIN_PATHS.orders}/${encodeURIComponent(orderId)}`;

export const messagePath = (messageId: string) => `${ADMIN_PATHS.messages}/${encodeURIComponent(messageId)}`;

export const customerPath = (customerId: string) => `${ADMIN_PATHS.customers}/${encodeURIComponent(customerId)}`;

/** The orders table with its search params set, e.g. one customer's orders or one operator's. */
export const ordersPathWith = (params: URLSearchParams) => `${ADMIN_PATHS.orders}?${params.toString()}`;

/** A destination's page in the catalogue, by its ISO code (upper case, as the server writes it). */
export const catalogueCountryPath = (iso: string) => `${ADMIN_PATHS.catalogue}/${encodeURIComponent(iso.toUpperCase())}`;

/** One auto top-up's page on the console: the schedule and its periods' orders (ADR 068). */
export const autoTopupPath = (id: string) => `${ADMIN_PATHS.autoTopups}/${encodeURIComponent(id)}`;
