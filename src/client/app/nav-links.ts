import { ROUTES } from '@shared/routes';

/** The main navigation (docs/product.md §2 header): in the header from 768 px wide, behind the menu button below that. */
export const MAIN_LINKS = [
  { to: ROUTES.home, labelKey: 'nav.home', end: true },
  { to: ROUTES.topUp, labelKey: 'nav.topUp', end: false },
  { to: ROUTES.about, labelKey: 'nav.about', end: false },
  { to: ROUTES.contact, labelKey: 'nav.contact', end: false },
] as const;
