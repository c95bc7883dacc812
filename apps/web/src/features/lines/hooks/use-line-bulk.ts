import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LineBulkBody, LineMoveBody } from '@linedesk/shared';
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

/** How many lines a move to another server touches; asked again when the target changes. */
export function useLineMovePreview(body: LineMoveBody | null) {
  return useQuery({
    queryKey: lineBulkKeys.movePreview(body ?? { target_server_id: 0 }),
    queryFn: ({ signal }) => lineBulkApi.movePreview(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useStartLineMove() {
  return useMutation({ mutationFn: (body: LineMoveBody) => lineBulkApi.moveStart(body) });
}
