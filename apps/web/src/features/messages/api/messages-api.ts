import {
  type accountContracts,
  type messageContracts,
  type MessageBody,
  type MessageListQuery,
} from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

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

/** Through `callTyped`: the signed-in shell or the dashboard needs this area in the first download. */
export const messagesApi = {
  list: (query: Partial<MessageListQuery>, signal?: AbortSignal) =>
    callTyped<typeof messageContracts.list>({ method: 'GET', path: '/api/messages' }, { query }, { signal }),
  unread: (limit: number, signal?: AbortSignal) =>
    callTyped<typeof messageContracts.unread>(
      { method: 'GET', path: '/api/messages/unread' },
      { query: { limit } },
      { signal },
    ),
  create: (body: MessageBody) =>
    callTyped<typeof messageContracts.create>({ method: 'POST', path: '/api/messages' }, { body }),
  markRead: (id: number) =>
    callTyped<typeof messageContracts.markRead>(
      { method: 'POST', path: '/api/messages/:id/read' },
      { params: { id } },
    ),
  markAllRead: () =>
    callTyped<typeof messageContracts.readAll>({ method: 'POST', path: '/api/messages/read-all' }),
  remove: (id: number) =>
    callTyped<typeof messageContracts.remove>(
      { method: 'DELETE', path: '/api/messages/:id' },
      { params: { id } },
    ),
  /** Admins pick a recipient by email from the account list. */
  searchRecipients: (search: string, signal?: AbortSignal) =>
    callTyped<typeof accountContracts.list>(
      { method: 'GET', path: '/api/accounts' },
      {
        query: {
          page: 1,
          page_size: RECIPIENT_OPTIONS,
          sort: 'email',
          order: 'asc',
          search: search || undefined,
        },
      },
      { signal },
    ),
};
