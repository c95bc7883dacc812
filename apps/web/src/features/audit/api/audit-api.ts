import type { AuditAction, AuditEntry, ListResponse } from '@linedesk/shared';
import { apiClient } from '../../../lib/api-client';

export type AuditFilters = {
  actor: string;
  target: string;
  action: AuditAction | '';
  from: string;
  to: string;
};
export type AuditParams = AuditFilters & { page: number; pageSize: number };

export const emptyAuditFilters: AuditFilters = { actor: '', target: '', action: '', from: '', to: '' };

/** Under ['audit_log'], the key the page refreshes on. */
export const auditKeys = {
  all: ['audit_log'] as const,
  list: (params: AuditParams) => ['audit_log', 'list', params] as const,
};

/** The filters as the API's query string; empty fields are left out. */
export function auditQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    const trimmed = value.trim();
    if (trimmed) query.set(name, trimmed);
  }
  return query;
}

export function auditExportUrl(filters: AuditFilters): string {
  const query = auditQuery(filters).toString();
  return `/api/audit-log/export.csv${query ? `?${query}` : ''}`;
}

export const auditApi = {
  list: ({ page, pageSize, ...filters }: AuditParams, signal?: AbortSignal) => {
    const query = auditQuery(filters);
    query.set('page', String(page));
    query.set('page_size', String(pageSize));
    return apiClient.get<ListResponse<AuditEntry>>(`/api/audit-log?${query}`, { signal });
  },
};
