import {
  messageContracts,
  type Account,
  type ListResponse,
  type MessageBody,
  type MessageListQuery,
} from '@linedesk/shared';
import { apiClient, callApi } from '../../../lib/api-client';

/** Everything under ['messages'] refreshes on a live `messages` event (event-query-keys.ts). */
export const messageKeys = {
  all: ['messages'] as const,
  list: (query: Partial<MessageListQuery>) => ['messages', 'list', query] as const,
  unread: ['messages', 'unread'] as const,
  announcements: (page: number) => ['messages', 'announcements', page] as const,
  /** Under ['accounts'], so account changes (auth_users events) refresh the recipient choices. */
  recipients: (search: string) => ['accounts', 'message-recipients', search] as const,
};

/** How many accounts the recipient field offers at once. */
export const RECIPIENT_OPTIONS = 20;

/** How many unread messages the bell lists; the count itself covers all of them. */
export const BELL_ITEMS = 5;

export const messagesApi = {
  list: (query: Partial<MessageListQuery>, signal?: AbortSignal) =>
    callApi(messageContracts.list, { query }, { signal }),
  unread: (limit: number, signal?: AbortSignal) =>
    callApi(messageContracts.unread, { query: { limit } }, { signal }),
  create: (body: MessageBody) => callApi(messageContracts.create, { body }),
  markRead: (id: number) => callApi(messageContracts.markRead, { params: { id } }),
  markAllRead: () => callApi(messageContracts.readAll),
  remove: (id: number) => callApi(messageContracts.remove, { params: { id } }),
  /** Admins pick a recipient by email from the account list. */
  searchRecipients: (search: string, signal?: AbortSignal) => {
    const query = new URLSearchParams({
      page: '1',
      page_size: String(RECIPIENT_OPTIONS),
      sort: 'email',
      order: 'asc',
    });
    if (search) query.set('search', search);
    return apiClient.get<ListResponse<Account>>(`/api/accounts?${query}`, { signal });
  },
};
