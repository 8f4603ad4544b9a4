import { ADMIN_MESSAGE_FILTERS, type AdminMessageFilter, type AdminMessagesQuery } from '@shared/api/admin-messages';
import { EMAIL_MAX_LENGTH } from '@shared/text-rules';
import type { FiltersInUrl } from './use-url-filters';
import { readChoice, readText, writeParams } from './search-params';

/** The messages' filter and search box, as the URL carries them (`?filter=unread&q=amina`). */
export interface MessageFilters {
  filter: AdminMessageFilter;
  q: string;
}

export function messageFiltersFromParams(params: URLSearchParams): MessageFilters {
  return { filter: readChoice(params, 'filter', ADMIN_MESSAGE_FILTERS) || 'all', q: readText(params, 'q').slice(0, EMAIL_MAX_LENGTH) };
}

/** `all` is the inbox as it opens, so it is left out of the URL. */
export function messageFiltersToParams({ filter, q }: MessageFilters): URLSearchParams {
  return writeParams({ filter: filter === 'all' ? '' : filter, q });
}

export const MESSAGE_FILTERS_IN_URL: FiltersInUrl<MessageFilters> = { fromParams: messageFiltersFromParams, toParams: messageFiltersToParams };

export function messageFiltersToQuery({ filter, q }: MessageFilters): AdminMessagesQuery {
  return { filter, q: q || undefined };
}
