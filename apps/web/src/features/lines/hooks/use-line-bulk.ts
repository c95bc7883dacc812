import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LineBulkBody } from '@linedesk/shared';
import { lineBulkApi, lineBulkKeys } from '../api/line-bulk-api';

/** What the action would touch and cost; asked again whenever the body changes (months, target). */
export function useLineBulkPreview(body: LineBulkBody | null) {
  return useQuery({
    queryKey: lineBulkKeys.preview(body ?? { action: 'renew' }),
    queryFn: ({ signal }) => lineBulkApi.preview(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * A running action, refreshed by its live `line_bulk_jobs` events; the slow poll only covers a
 * stream that is reconnecting.
 */
export function useLineBulkJob(id: number | null) {
  return useQuery({
    queryKey: lineBulkKeys.job(id ?? 0),
    queryFn: ({ signal }) => lineBulkApi.get(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 5000),
  });
}

export function useStartLineBulk() {
  return useMutation({
    mutationFn: ({ body, key }: { body: LineBulkBody; key: string }) => lineBulkApi.start(body, key),
  });
}
