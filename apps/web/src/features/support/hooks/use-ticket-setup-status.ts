import { useQuery } from '@tanstack/react-query';
import { ticketKeys, ticketsApi } from '../api/tickets-api';

/** Each fetch runs the self-test again on the server, so it is never refetched on its own. */
export function useTicketSetupStatus() {
  return useQuery({
    queryKey: ticketKeys.setupStatus,
    queryFn: ({ signal }) => ticketsApi.setupStatus(signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
