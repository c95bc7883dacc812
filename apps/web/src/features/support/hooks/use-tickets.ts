import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketCreateInput, TicketPatchBody } from '@linedesk/shared';
import { ticketKeys, ticketsApi, type ReplyInput, type TicketListParams } from '../api/tickets-api';
import { isApiError } from '../../../lib/api-client';

export function useTickets(params: TicketListParams) {
  return useQuery({
    queryKey: ticketKeys.list(params),
    queryFn: ({ signal }) => ticketsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Opening a ticket marks the other side's replies read, so the list and the badge change with it. */
export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => ticketsApi.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketCreateInput) => ticketsApi.create(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useUpdateTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketPatchBody) => ticketsApi.update(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => ticketsApi.remove(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ticketKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}

export function useReplyToTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplyInput) => ticketsApi.reply(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
    // Closed meanwhile (before its live event arrived): the page learns it now and offers Reopen.
    onError: (error) => {
      if (isApiError(error) && error.code === 'TICKET_CLOSED') {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      }
    },
  });
}

/** Admins only: the accounts a ticket can be assigned to. */
export function useTicketAssignees(enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.assignees,
    queryFn: ({ signal }) => ticketsApi.assignees(signal),
    enabled,
    staleTime: 60_000,
  });
}
