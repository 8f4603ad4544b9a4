import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { adminReasonBodySchema } from '@shared/api/admin';
import {
  adminMessageHandleBodySchema,
  type AdminMessageAction,
  type AdminMessageResponse,
  type AdminMessagesCountResponse,
  type AdminMessagesQuery,
  type AdminMessagesResponse,
} from '@shared/api/admin-messages';
import { apiRequest } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, adminPath, keysetPages, queryString } from './request';

/** The console's contact messages (src/shared/api/admin-messages.ts): calls and their queries. */

const path = (...parts: string[]) => adminPath('messages', ...parts);

export const fetchMessages = (query: AdminMessagesQuery) => apiRequest<AdminMessagesResponse>(`${path()}${queryString(query)}`);

/** Reading a message marks it read on the server. */
export const fetchMessage = (messageId: string) => apiRequest<AdminMessageResponse>(path(messageId));

export const fetchUnreadMessageCount = async () => (await apiRequest<AdminMessagesCountResponse>(path('count'))).unread;

/** Handle takes the admin's note, reopen their reason; both are checked here as the server checks them. */
export async function runMessageAction(messageId: string, action: AdminMessageAction, text: string) {
  const body = action === 'handle' ? adminMessageHandleBodySchema.parse({ note: text }) : adminReasonBodySchema.parse({ reason: text });
  return apiRequest<AdminMessageResponse>(path(messageId, action), { method: 'POST', body });
}

/** The inbox's pages and its unread count, which opening or handling a message changes. */
const MESSAGE_LISTS_KEY = [...ADMIN_QUERY_KEY, 'messages'] as const;

export const messagesQueryOptions = (query: AdminMessagesQuery) =>
  infiniteQueryOptions({
    queryKey: [...MESSAGE_LISTS_KEY, 'list', query],
    queryFn: ({ pageParam }) => fetchMessages({ ...query, cursor: pageParam }),
    staleTime: 0,
    ...keysetPages,
  });

export const messageQueryOptions = (messageId: string) =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'message', messageId], queryFn: () => fetchMessage(messageId), staleTime: 0 });

export const unreadMessageCountQueryOptions = () =>
  queryOptions({ queryKey: [...MESSAGE_LISTS_KEY, 'unread-count'], queryFn: fetchUnreadMessageCount, staleTime: 0 });

/** The inbox and its count (not the message itself), to read again once a message has been opened or changed. */
export const messageListsKey = () => MESSAGE_LISTS_KEY;
