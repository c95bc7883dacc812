import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketKeys, ticketsApi } from '../api/tickets-api';

/**
 * Tickets with replies the caller has not read yet (admins: also tickets no admin opened), for the
 * side navigation. `tickets` / `ticket_replies` live events invalidate ['tickets'], which refreshes it.
 */
export const ticketsBadgeCountQuery = queryOptions({
  queryKey: ticketKeys.unreadCount,
  queryFn: ({ signal }) => ticketsApi.unreadCount(signal),
});

export function useTicketsBadgeCount(): number {
  const query = useQuery(ticketsBadgeCountQuery);
  return query.data?.count ?? 0;
}
