import { useQuery } from '@tanstack/react-query';
import { reportKeys, reportsApi, type ReportParams } from '../api/reports-api';

export function useReport(params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.report(params),
    queryFn: ({ signal }) => reportsApi.get(params, signal),
    placeholderData: (previous) => previous,
    enabled,
  });
}

/** The accounts the report may be of: the viewer's whole tree, searched by email or name. */
export function useReportAccounts(search: string) {
  return useQuery({
    queryKey: reportKeys.accounts(search),
    queryFn: ({ signal }) => reportsApi.accounts(search, signal),
    placeholderData: (previous) => previous,
    select: (data) => data.items,
  });
}
