import { useQuery } from '@tanstack/react-query';
import { auditApi, auditKeys, type AuditParams } from '../api/audit-api';

export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: auditKeys.list(params),
    queryFn: ({ signal }) => auditApi.list(params, signal),
    placeholderData: (previous) => previous,
  });
}
