import { parseOrderReference } from '@shared/order-reference';
import { ROUTES } from '@shared/routes';

/** The contact page's query parameter that names the order a message is about. */
export const CONTACT_REFERENCE_PARAM = 'reference';

/** The contact page, its form filled in about this order. */
export const contactAboutOrder = (reference: string) => `${ROUTES.contact}?${CONTACT_REFERENCE_PARAM}=${encodeURIComponent(reference)}`;

/** The order reference the contact page was opened about, read as support reads one; null when there is none or it does not parse. */
export const referenceFromContactSearch = (search: string) => parseOrderReference(new URLSearchParams(search).get(CONTACT_REFERENCE_PARAM) ?? '');
