import { auditContracts, contractQuery, type AuditAction, type AuditFilter } from '@linedesk/shared';
import { callApi } from '../../../lib/api-client';

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

/** The filters as the API takes them; empty fields are left out. */
export function auditQuery({ actor, target, action, from, to }: AuditFilters): AuditFilter {
  const given = (value: string) => value.trim() || undefined;
  return {
    actor: given(actor),
    target: given(target),
    action: action || undefined,
    from: given(from),
    to: given(to),
  };
}

export function auditExportUrl(filters: AuditFilters): string {
  const query = contractQuery(auditQuery(filters));
  return `${auditContracts.exportCsv.path}${query ? `?${query}` : ''}`;
}

export const auditApi = {
  list: ({ page, pageSize, ...filters }: AuditParams, signal?: AbortSignal) =>
    callApi(
      auditContracts.list,
      { query: { ...auditQuery(filters), page, page_size: pageSize } },
      { signal },
    ),
};
