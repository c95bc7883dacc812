import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LineImportOptions, LineImportPreviewBody } from '@linedesk/shared';
import { lineImportApi, lineImportKeys, type LineImportUpload } from '../api/line-import-api';

export function useUploadLineImport() {
  return useMutation({ mutationFn: (upload: LineImportUpload) => lineImportApi.upload(upload) });
}

/** The dry run of the mapping and options shown; asked again whenever they change. */
export function useLineImportPreview(id: number | null, body: LineImportPreviewBody | null) {
  return useQuery({
    queryKey: lineImportKeys.preview(id ?? 0, body ?? { mapping: {}, server_id: 0 }),
    queryFn: ({ signal }) => lineImportApi.preview(id!, body!, signal),
    enabled: id !== null && body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/**
 * A started import, refreshed by its live `line_imports` events; the slow poll only covers a stream
 * that is reconnecting.
 */
export function useLineImport(id: number | null) {
  return useQuery({
    queryKey: lineImportKeys.one(id ?? 0),
    queryFn: ({ signal }) => lineImportApi.get(id!, signal),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'draft' ? false : 5000,
  });
}

export function useStartLineImport() {
  return useMutation({
    mutationFn: ({ id, options }: { id: number; options: LineImportOptions }) =>
      lineImportApi.start(id, options),
  });
}
