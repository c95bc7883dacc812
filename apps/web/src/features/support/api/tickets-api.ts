import type {
  ListResponse,
  Ticket,
  TicketAssignee,
  TicketCategory,
  TicketCreateInput,
  TicketDetail,
  TicketMailPreference,
  TicketPatchBody,
  TicketPriority,
  TicketReply,
  TicketSetupStatus,
  TicketStatus,
  TicketUnreadCount,
} from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

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

function listQuery({ page, pageSize, status, priority, category, search }: TicketListParams): string {
  const query = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (status) query.set('status', status);
  if (priority) query.set('priority', priority);
  if (category) query.set('category', category);
  if (search) query.set('search', search);
  return query.toString();
}

export type ReplyInput = { content: string; file?: File | null };

export const ticketsApi = {
  list: (params: TicketListParams, signal?: AbortSignal) =>
    apiClient.get<ListResponse<Ticket>>(`/api/tickets?${listQuery(params)}`, { signal }),
  get: (id: number, signal?: AbortSignal) => apiClient.get<TicketDetail>(`/api/tickets/${id}`, { signal }),
  create: (body: TicketCreateInput) => apiClient.post<Ticket>('/api/tickets', body),
  update: (id: number, body: TicketPatchBody) => apiClient.patch<Ticket>(`/api/tickets/${id}`, body),
  remove: (id: number) => apiClient.delete(`/api/tickets/${id}`),
  reply: (id: number, { content, file }: ReplyInput) => {
    if (!file) return apiClient.post<TicketReply>(`/api/tickets/${id}/replies`, { content });
    const form = new FormData();
    form.append('content', content);
    form.append('file', file, file.name);
    return apiClient.post<TicketReply>(`/api/tickets/${id}/replies`, form);
  },
  unreadCount: (signal?: AbortSignal) =>
    apiClient.get<TicketUnreadCount>('/api/tickets/unread-count', { signal }),
  assignees: (signal?: AbortSignal) => apiClient.get<TicketAssignee[]>('/api/tickets/assignees', { signal }),
  setupStatus: (signal?: AbortSignal) =>
    apiClient.get<TicketSetupStatus>('/api/tickets/setup-status', { signal }),
  mailPreference: (signal?: AbortSignal) =>
    apiClient.get<TicketMailPreference>('/api/tickets/mail-preference', { signal }),
  setMailPreference: (body: TicketMailPreference) =>
    apiClient.put<TicketMailPreference>('/api/tickets/mail-preference', body),
};
