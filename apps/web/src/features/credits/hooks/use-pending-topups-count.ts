import { actsAsAdmin } from '@linedesk/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAccount } from '../../auth/hooks/account-context';
import { topUpKeys, topUpsApi } from '../api/topups-api';

/** Pending top-up requests (the endpoint is admin-only). */
export const pendingTopupsCountQuery = queryOptions({
  queryKey: topUpKeys.pendingCount,
  queryFn: ({ signal }) => topUpsApi.pendingCount(signal),
});

/**
 * Pending top-up requests, for the admins' nav badge; 0 for everyone else (the endpoint is admin-only).
 * A `topup_requests` live event refreshes it, so no polling.
 */
export function usePendingTopupsCount(): number {
  const account = useAccount();
  const admin = actsAsAdmin(account, 'GET /api/topups/pending-count');
  const count = useQuery({
    ...pendingTopupsCountQuery,
    enabled: admin,
    select: (data) => data.count,
  });
  return admin ? (count.data ?? 0) : 0;
}
