/** Client routes (docs/product.md §2). The server uses this list to answer unknown paths with a 404 status. */
export const ROUTES = {
  home: '/',
  topUp: '/top-up',
  auth: '/auth',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  paymentComplete: '/payment-complete',
  profile: '/profile',
  /** Shown once an account has been deleted (its browser signed out). */
  accountDeleted: '/account-deleted',
  admin: '/admin',
  /** Make a "request a top-up" link for one's own number (ADR 022). */
  requestTopUp: '/request',
  /** A printable receipt of one of the signed-in customer's orders (orderReceiptPath). */
  orderReceipt: '/profile/orders/:orderId/receipt',
  /** Where an auto top-up reminder's "Skip this one" and "Pause" links open (?token=…): one button does it (ADR 068). */
  autoTopupLink: '/auto-topup',
} as const;

/** Where a request link opens, `/r/<token>` (shared/api/topup-requests.ts): the home page with the recipient step filled. */
export const REQUEST_LINK_PREFIX = '/r/';
const REQUEST_LINK = /^\/r\/[A-Za-z0-9_-]{1,100}$/;

/** The printable receipt page of an order. */
export function orderReceiptPath(orderId: string): string {
  return `/profile/orders/${encodeURIComponent(orderId)}/receipt`;
}

const ORDER_RECEIPT_PATH = /^\/profile\/orders\/[^/]+\/receipt$/;

export function isOrderReceiptPath(pathname: string): boolean {
  return ORDER_RECEIPT_PATH.test(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
}

export const HOW_IT_WORKS_ANCHOR = 'how-it-works';

const knownPaths = new Set<string>(Object.values(ROUTES));

export function isClientRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // The operations console routes its own pages (/admin/orders/<id>, /admin/audit, …) and has its own not-found page.
  return knownPaths.has(trimmed) || trimmed.startsWith(`${ROUTES.admin}/`) || REQUEST_LINK.test(trimmed) || isOrderReceiptPath(trimmed);
}

/**
 * Public pages, rendered to HTML at build time in every language and theme (scripts/prerender.ts) and served by the
 * server in the visitor's (ADR 016); each with the name of its file.
 */
export const PRERENDERED_PAGES = [
  { path: ROUTES.home, name: 'index' },
  { path: ROUTES.topUp, name: 'top-up' },
  { path: ROUTES.about, name: 'about' },
  { path: ROUTES.contact, name: 'contact' },
  { path: ROUTES.terms, name: 'terms' },
  { path: ROUTES.auth, name: 'auth' },
] as const;

/** The themes a page is pre-rendered in: a saved 'system' choice is one of them on each device. */
export const PRERENDERED_THEMES = ['light', 'dark'] as const;

/** Where, under the built client, the pre-rendered page of a path is kept (never served as a file: a dot folder). */
export function prerenderedFile(name: string, language: string, theme: string): string {
  return `.pages/${language}-${theme}/${name}.html`;
}
