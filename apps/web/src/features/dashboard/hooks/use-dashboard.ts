import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api';

/** Refreshed by the event stream (lines, credits, tickets, messages change), never polled. */
export function useDashboard(ownerId: string | null) {
  return useQuery({
    queryKey: dashboardKeys.figures(ownerId),
    queryFn: ({ signal }) => dashboardApi.get(ownerId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOwnerOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.owners(search),
    queryFn: ({ signal }) => dashboardApi.owners(search, signal),
    enabled,
    select: (data) => data.items,
  });
}
