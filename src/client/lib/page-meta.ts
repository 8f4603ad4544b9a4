import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@shared/routes';

/** Pages with a title and description of their own, written in the texts under `meta.<page>` (WCAG 2.4.2). */
export type MetaPage = 'home' | 'topUp' | 'about' | 'contact' | 'terms' | 'auth' | 'paymentComplete' | 'profile' | 'admin' | 'notFound';

const PAGE_BY_PATH: Record<string, MetaPage> = {
  [ROUTES.home]: 'home',
  [ROUTES.topUp]: 'topUp',
  [ROUTES.about]: 'about',
  [ROUTES.contact]: 'contact',
  [ROUTES.terms]: 'terms',
  [ROUTES.auth]: 'auth',
  [ROUTES.paymentComplete]: 'paymentComplete',
  [ROUTES.profile]: 'profile',
};

/** Which page a path shows: the console's own pages are all the console, an unknown path is the not-found page. */
export function metaPageOf(pathname: string): MetaPage {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (trimmed === ROUTES.admin || trimmed.startsWith(`${ROUTES.admin}/`)) return 'admin';
  return PAGE_BY_PATH[trimmed] ?? 'notFound';
}

/** Sets the document's title and meta description for a page, in the interface language, and again when it changes. */
export function usePageMeta(page: MetaPage) {
  const { t } = useTranslation();
  const title = t(`meta.${page}.title`);
  const description = t(`meta.${page}.description`);
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
