import {
  contractPath,
  lineBulkContracts,
  type LineBulkBody,
  type LineBulkFilter,
  type LineMoveBody,
} from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';
import type { LineListParams } from './lines-api';

/** Under ['line-bulk'], the key a `line_bulk_jobs` live event refreshes. */
export const lineBulkKeys = {
  all: ['line-bulk'] as const,
  preview: (body: LineBulkBody) => ['line-bulk', 'preview', body] as const,
  movePreview: (body: LineMoveBody) => ['line-bulk', 'move-preview', body] as const,
  job: (id: number) => ['line-bulk', 'job', id] as const,
};

/** The list's filter as the bulk endpoint takes it ("every line matching the filter"). */
export function toBulkFilter(params: Omit<LineListParams, 'page' | 'pageSize'>): LineBulkFilter {
  return {
    search: params.search?.trim() || undefined,
    status: params.status,
    server_id: params.serverId,
    owner_id: params.ownerId,
    expiring_within_days: params.expiringWithinDays,
    sync_state: params.syncState,
  };
}

export function lineBulkResultsUrl(id: number): string {
  return contractPath(lineBulkContracts.resultsCsv.path, { id });
}

export const lineBulkApi = {
  preview: (body: LineBulkBody, signal?: AbortSignal) =>
    callApi(lineBulkContracts.preview, { body }, { signal }),
  start: (body: LineBulkBody, idempotencyKey: string) =>
    callApi(lineBulkContracts.start, { body, headers: { 'idempotency-key': idempotencyKey } }),
  movePreview: (body: LineMoveBody, signal?: AbortSignal) =>
    callApi(lineBulkContracts.movePreview, { body }, { signal }),
  moveStart: (body: LineMoveBody) => callApi(lineBulkContracts.moveStart, { body }),
  get: (id: number, signal?: AbortSignal) => callApi(lineBulkContracts.get, { params: { id } }, { signal }),
};
