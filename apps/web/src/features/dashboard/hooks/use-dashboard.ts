import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api';

/** The figures of the whole panel (null) or of one owner's lines; also asked for before the page renders. */
export const dashboardQuery = (ownerId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.figures(ownerId),
    queryFn: ({ signal }) => dashboardApi.get(ownerId, signal),
  });

/** Refreshed by the event stream (lines, credits, tickets, messages change), never polled. */
export function useDashboard(ownerId: string | null) {
  return useQuery({ ...dashboardQuery(ownerId), placeholderData: keepPreviousData });
}

export function useOwnerOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.owners(search),
    queryFn: ({ signal }) => dashboardApi.owners(search, signal),
    enabled,
    select: (data) => data.items,
  });
}
