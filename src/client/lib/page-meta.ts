import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isOrderReceiptPath, ROUTES } from '@shared/routes';

/** A page with a title and a description of its own (WCAG 2.4.2): a route's name, or the not-found page. */
export type MetaPage = keyof typeof ROUTES | 'notFound';

/** Which page a path shows: the console's own pages are all the console, an unknown path is the not-found page. */
export function metaPageOf(pathname: string): MetaPage {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (path.startsWith(`${ROUTES.admin}/`)) return 'admin';
  // A request link (/r/<token>) opens the top-up flow with its number filled in.
  if (path.startsWith('/r/')) return 'topUp';
  if (isOrderReceiptPath(path)) return 'orderReceipt';
  return (Object.keys(ROUTES) as Array<keyof typeof ROUTES>).find((name) => ROUTES[name] === path) ?? 'notFound';
}

/** The console's sections, as its menu names them (`admin.nav.<section>`). */
const CONSOLE_SECTIONS = [
  'overview',
  'orders',
  'attention',
  'settlement',
  'customers',
  'catalogue',
  'promos',
  'autotopups',
  'messages',
  'audit',
  'pricing',
  'limits',
  'reviews',
  'rules',
  'blocklist',
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/**
 * The console's section a path under /admin shows: /admin is the overview, a record's page (/admin/orders/<id>) is
 * its section's; null for a path the console does not know (its own not-found page).
 */
export function consoleSectionOf(pathname: string): ConsoleSection | null {
  const path = pathname.replace(/(.)\/+$/, '$1');
  if (path === ROUTES.admin) return 'overview';
  const first = path.startsWith(`${ROUTES.admin}/`) ? path.slice(ROUTES.admin.length + 1).split('/')[0] : '';
  return CONSOLE_SECTIONS.find((section) => section !== 'overview' && section === first) ?? null;
}

/** What the title needs of the texts: whether one is loaded, and a text with its values put in. */
interface TitleTexts {
  exists: (key: string) => boolean;
  text: (key: string, values?: Record<string, string>) => string;
}

/**
 * A page's title (WCAG 2.4.2): `pageTitle.<page>`, or in the console its section first, "Orders — Operations console —
 * GlobalTopUp" (`consolePageTitle` with the menu's name of the section, once the console's texts are loaded); null
 * while the texts it needs are not loaded.
 */
export function pageTitleOf(page: MetaPage, pathname: string, { exists, text }: TitleTexts): string | null {
  if (page === 'admin') {
    const section = consoleSectionOf(pathname);
    const name = section ? `admin.nav.${section}` : 'notFound.title';
    if (exists('consolePageTitle') && exists(name)) return text('consolePageTitle', { section: text(name) });
  }
  return exists(`pageTitle.${page}`) ? text(`pageTitle.${page}`) : null;
}

/**
 * Sets the document's title and description for a page, in the interface language (`pageTitle.<page>` and
 * `pageDescription.<page>` in the page texts, which load right after the first paint and before any other page shows).
 * A text not loaded yet leaves what the document says (index.html's, or a pre-rendered page's): never a key.
 * `pathname` tells the console's pages apart.
 */
export function usePageMeta(page: MetaPage, pathname = '') {
  const { t, i18n } = useTranslation();
  const text = (key: string) => (i18n.exists(key) ? t(key) : null);
  const title = pageTitleOf(page, pathname, { exists: (key) => i18n.exists(key), text: (key, values) => t(key, values ?? {}) });
  const description = text(`pageDescription.${page}`);
  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** The title and description of the route on screen. */
export function DocumentMeta() {
  const { pathname } = useLocation();
  usePageMeta(metaPageOf(pathname), pathname);
  return null;
}
