import type {
  Account,
  ListResponse,
  Message,
  MessageBody,
  MessageList,
  MessageListQuery,
  UnreadMessages,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

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

function listSearch(query: Partial<MessageListQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const messagesApi = {
  list: (query: Partial<MessageListQuery>, signal?: AbortSignal) =>
    apiClient.get<MessageList>(`/api/messages${listSearch(query)}`, { signal }),
  unread: (limit: number, signal?: AbortSignal) =>
    apiClient.get<UnreadMessages>(`/api/messages/unread?limit=${limit}`, { signal }),
  create: (body: MessageBody) => apiClient.post<Message>('/api/messages', body),
  markRead: (id: number) => apiClient.post<Message>(`/api/messages/${id}/read`),
  markAllRead: () => apiClient.post<{ marked: number }>('/api/messages/read-all'),
  remove: (id: number) => apiClient.delete(`/api/messages/${id}`),
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
