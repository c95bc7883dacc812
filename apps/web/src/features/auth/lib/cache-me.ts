import type { Me } from '@linedesk/shared';
import { authKeys } from '../api/sign-in-api';

/**
 * Makes an account the cached `me` that every signed-in page reads. The sign-in page's first download
 * leaves TanStack Query out, so the query client loads here, on the way to the next page.
 */
export async function cacheMe(me: Me | null) {
  const { queryClient } = await import('../../../query-client');
  queryClient.setQueryData(authKeys.me, me);
}
