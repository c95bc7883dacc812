import {
  ticketContracts,
  type ContractInput,
  type TicketCategory,
  type TicketCreateInput,
  type TicketMailPreference,
  type TicketPatchBody,
  type TicketPriority,
  type TicketStatus,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

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

export const ticketsApi = {
  list: ({ page, pageSize, status, priority, category, search }: TicketListParams, signal?: AbortSignal) =>
    callApi(
      ticketContracts.list,
      { query: { page, page_size: pageSize, status, priority, category, search } },
      { signal },
    ),
  get: (id: number, signal?: AbortSignal) => callApi(ticketContracts.get, { params: { id } }, { signal }),
  create: (body: TicketCreateInput) => callApi(ticketContracts.create, { body }),
  update: (id: number, body: TicketPatchBody) => callApi(ticketContracts.update, { params: { id }, body }),
  remove: (id: number) => callApi(ticketContracts.remove, { params: { id } }),
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
    return callApi(ticketContracts.addReply, { params: { id }, body } as ReplyCall);
  },
  unreadCount: (signal?: AbortSignal) => callApi(ticketContracts.unreadCount, {}, { signal }),
  assignees: (signal?: AbortSignal) => callApi(ticketContracts.assignees, {}, { signal }),
  setupStatus: (signal?: AbortSignal) => callApi(ticketContracts.setupStatus, {}, { signal }),
  mailPreference: (signal?: AbortSignal) => callApi(ticketContracts.getMailPreference, {}, { signal }),
  setMailPreference: (body: TicketMailPreference) => callApi(ticketContracts.setMailPreference, { body }),
};
