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
  admin: '/admin',
} as const;

export const HOW_IT_WORKS_ANCHOR = 'how-it-works';

const knownPaths = new Set<string>(Object.values(ROUTES));

export function isClientRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // The operations console routes its own pages (/admin/orders/<id>, /admin/audit, …) and has its own not-found page.
  return knownPaths.has(trimmed) || trimmed.startsWith(`${ROUTES.admin}/`);
}
