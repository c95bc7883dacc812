import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketMailPreference } from '@linedesk/shared';
import { ticketKeys, ticketsApi } from '../api/tickets-api';

export function useTicketMailPreference() {
  return useQuery({
    queryKey: ticketKeys.mailPreference,
    queryFn: ({ signal }) => ticketsApi.mailPreference(signal),
  });
}

export function useSetTicketMailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketMailPreference) => ticketsApi.setMailPreference(body),
    onSuccess: (saved) => queryClient.setQueryData(ticketKeys.mailPreference, saved),
  });
}
