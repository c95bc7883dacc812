import {
  type ticketContracts,
  type ContractInput,
  type TicketCategory,
  type TicketCreateInput,
  type TicketMailPreference,
  type TicketPatchBody,
  type TicketPriority,
  type TicketStatus,
} from '@linedesk/shared';
import { callTyped } from '../../../lib/api-client';

export type TicketListParams = {
  page: number;
  pageSize: number;
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  search?: string;
};

/**
 * Everything a `tickets` or `ticket_replies` live event should refresh lives under ['tickets'].
 * The setup self-test and the mail preference are kept outside on purpose: no ticket change
 * affects them, and re-running the self-test on every reply would be wasted work.
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: (params: TicketListParams) => ['tickets', 'list', params] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  unreadCount: ['tickets', 'unread-count'] as const,
  assignees: ['tickets', 'assignees'] as const,
  setupStatus: ['ticket-setup-status'] as const,
  mailPreference: ['ticket-mail-preference'] as const,
};

export type ReplyInput = { content: string; file?: File | null };

type ReplyCall = ContractInput<typeof ticketContracts.addReply>;

/** Through `callTyped`: the signed-in shell or the dashboard needs this area in the first download. */
export const ticketsApi = {
  list: ({ page, pageSize, status, priority, category, search }: TicketListParams, signal?: AbortSignal) =>
    callTyped<typeof ticketContracts.list>(
      { method: 'GET', path: '/api/tickets' },
      { query: { page, page_size: pageSize, status, priority, category, search } },
      { signal },
    ),
  get: (id: number, signal?: AbortSignal) =>
    callTyped<typeof ticketContracts.get>(
      { method: 'GET', path: '/api/tickets/:id' },
      { params: { id } },
      { signal },
    ),
  create: (body: TicketCreateInput) =>
    callTyped<typeof ticketContracts.create>({ method: 'POST', path: '/api/tickets' }, { body }),
  update: (id: number, body: TicketPatchBody) =>
    callTyped<typeof ticketContracts.update>(
      { method: 'PATCH', path: '/api/tickets/:id' },
      { params: { id }, body },
    ),
  remove: (id: number) =>
    callTyped<typeof ticketContracts.remove>(
      { method: 'DELETE', path: '/api/tickets/:id' },
      { params: { id } },
    ),
  /**
   * The reply's body is JSON, or a multipart form when a file goes with it; the contract leaves the
   * body to the server's own reading, so it is passed along as it is.
   */
  reply: (id: number, { content, file }: ReplyInput) => {
    let body: { content: string } | FormData = { content };
    if (file) {
      body = new FormData();
      body.append('content', content);
      body.append('file', file, file.name);
    }
    return callTyped<typeof ticketContracts.addReply>({ method: 'POST', path: '/api/tickets/:id/replies' }, {
      params: { id },
      body,
    } as ReplyCall);
  },
  unreadCount: (signal?: AbortSignal) =>
    callTyped<typeof ticketContracts.unreadCount>(
      { method: 'GET', path: '/api/tickets/unread-count' },
      {},
      { signal },
    ),
  assignees: (signal?: AbortSignal) =>
    callTyped<typeof ticketContracts.assignees>(
      { method: 'GET', path: '/api/tickets/assignees' },
      {},
      { signal },
    ),
  setupStatus: (signal?: AbortSignal) =>
    callTyped<typeof ticketContracts.setupStatus>(
      { method: 'GET', path: '/api/tickets/setup-status' },
      {},
      { signal },
    ),
  mailPreference: (signal?: AbortSignal) =>
    callTyped<typeof ticketContracts.getMailPreference>(
      { method: 'GET', path: '/api/tickets/mail-preference' },
      {},
      { signal },
    ),
  setMailPreference: (body: TicketMailPreference) =>
    callTyped<typeof ticketContracts.setMailPreference>(
      { method: 'PUT', path: '/api/tickets/mail-preference' },
      { body },
    ),
};
