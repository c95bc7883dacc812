import { isAdminAccount, maySellLines } from '@linedesk/shared';
import { matchPath } from 'react-router';
import { meQuery } from '../features/auth/hooks/use-me';
import { pendingTopupsCountQuery } from '../features/credits/hooks/use-pending-topups-count';
import { dashboardQuery } from '../features/dashboard/hooks/use-dashboard';
import { dashboardTodoQuery } from '../features/dashboard/hooks/use-dashboard-todo';
import { setupGuideQuery } from '../features/dashboard/hooks/use-setup-guide';
import { unreadMessagesQuery } from '../features/messages/hooks/use-unread-messages';
import { ticketsBadgeCountQuery } from '../features/support/hooks/use-tickets-badge-count';
import { paths } from '../lib/paths';
import { queryClient } from '../query-client';

/** Pages shown outside the signed-in shell: they need none of its data. */
const outsideShell = [
  paths.signUp,
  paths.signInTwoFactor,
  paths.forgotPassword,
  paths.resetPassword,
  paths.callback,
];

/**
 * Asks for what the signed-in shell (its badges and bell) and the dashboard show as soon as the account
 * is known, instead of when they have rendered: the shell's first render takes a phone a good part of
 * a second, and the answers then arrived after it, one more round trip before the figures showed.
 * The same queries the components read (their options come from the same hooks), so nothing is asked
 * twice while the answers are fresh.
 */
export async function requestFirstPageData(pathname: string): Promise<void> {
  if (outsideShell.some((path) => matchPath(path, pathname))) return;
  const me = await queryClient.fetchQuery(meQuery).catch(() => null);
  // Signed out, or held at the two-factor setup an admin requires: the shell does not show.
  if (!me || me.two_factor?.setup_required) return;
  const admin = isAdminAccount(me);
  const prefetch = queryClient.prefetchQuery.bind(queryClient);
  void prefetch(unreadMessagesQuery);
  void prefetch(ticketsBadgeCountQuery);
  if (admin) void prefetch(pendingTopupsCountQuery);
  if (matchPath(paths.root, pathname)) {
    void prefetch(dashboardQuery(null));
    if (maySellLines({ isAdmin: admin, permissions: me.permissions })) void prefetch(dashboardTodoQuery);
    if (admin) void prefetch(setupGuideQuery);
  }
}
