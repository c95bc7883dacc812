import { useQuery } from '@tanstack/react-query';
import { dashboardApi, dashboardKeys } from '../api/dashboard-api';

/** Admins: revenue per day and month, refreshed by top-up events, never polled. */
export function useRevenue() {
  return useQuery({ queryKey: dashboardKeys.revenue, queryFn: ({ signal }) => dashboardApi.revenue(signal) });
}
