import type { AdminPage } from '@shared/api/admin';
import { reasonProblem } from '../lib/actions';

/**
 * What every resource module of the console's API client (orders.ts, customers.ts, …) shares: the query keys' root,
 * the paths and query strings of /api/admin, keyset pages and the reason check. Every call goes through the app's one
 * API wrapper (lib/api-client).
 */

/**
 * Every query of the console starts with this key, so an action can mark them all out of date at once. They are read
 * again whenever a page shows them (staleTime 0): the state of orders and accounts moves while the console is open.
 */
export const ADMIN_QUERY_KEY = ['admin'] as const;

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

/** `/api/admin/<part>/<part>…`, each part kept whole (an id with a slash stays one segment). */
export const adminPath = (...parts: Array<string | number>) => `/api/admin/${parts.map((part) => encodeURIComponent(String(part))).join('/')}`;

/** A list read a page at a time (keyset): each page's nextCursor asks for the one after it. */
export const keysetPages = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page: AdminPage) => page.nextCursor ?? undefined,
};

/** A reason the server would refuse never leaves the browser: the dialog says what is wrong instead. */
export function checkedReason(reason: string): string {
  const problem = reasonProblem(reason);
  if (problem) throw new Error(`reason ${problem}`);
  return reason.trim();
}
