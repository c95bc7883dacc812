import { useQuery } from '@tanstack/react-query';
import { ticketKeys, ticketsApi } from '../api/tickets-api';

/**
 * Tickets with replies the caller has not read yet (admins: also tickets no admin opened), for the
 * side navigation. `tickets` / `ticket_replies` live events invalidate ['tickets'], which refreshes it.
 */
export function useTicketsBadgeCount(): number {
  const query = useQuery({
    queryKey: ticketKeys.unreadCount,
    queryFn: ({ signal }) => ticketsApi.unreadCount(signal),
  });
  return query.data?.count ?? 0;
}
