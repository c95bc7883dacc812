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
