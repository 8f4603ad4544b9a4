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

/**
 * Sets the document's title and description for a page, in the interface language (`pageTitle.<page>` and
 * `pageDescription.<page>` in the page texts, which load right after the first paint and before any other page shows).
 * A text not loaded yet leaves what the document says (index.html's, or a pre-rendered page's): never a key.
 */
export function usePageMeta(page: MetaPage) {
  const { t, i18n } = useTranslation();
  const text = (key: string) => (i18n.exists(key) ? t(key) : null);
  const title = text(`pageTitle.${page}`);
  const description = text(`pageDescription.${page}`);
  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

/** The title and description of the route on screen. */
export function DocumentMeta() {
  usePageMeta(metaPageOf(useLocation().pathname));
  return null;
}
