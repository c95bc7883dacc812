import { Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePopover } from '../components/language-popover';
import { LoadingScreen } from '../components/loading-screen';
import { loadAllTexts } from '../i18n/i18n';
import { AccountPopover } from '../features/account/components/account-popover';
import { CreditsPopover } from '../features/account/components/credits-popover';
import { AuthGuard } from '../features/auth/components/auth-guard';
import { useAccount } from '../features/auth/hooks/account-context';
import { useLanguageOnServer } from '../features/auth/hooks/use-language-on-server';
import { LiveEvents } from '../features/realtime/components/live-events';
import { useTicketsBadgeCount } from '../features/support/hooks/use-tickets-badge-count';
import { usePendingTopupsCount } from '../features/credits/hooks/use-pending-topups-count';
import { DashboardLayout } from '../layouts/dashboard/dashboard-layout';
import { NotificationsBell } from '../features/messages/components/notifications-bell';
import { useUnreadMessagesCount } from '../features/messages/hooks/use-unread-messages-count';
import type { NavGroup, NavItem } from '../layouts/dashboard/nav-types';
import { buildNavData, type NavBadges } from './nav-config';

/** Starts the downloads an address shows; the router's, handed down because the router loads the shell. */
type PreloadAddress = (location: { pathname: string }) => Promise<unknown>;

/** Each entry starts its page's download when the reader reaches for it (`NavItem.onIntent`). */
function withPreloadOnIntent(groups: NavGroup[], preloadAddress: PreloadAddress): NavGroup[] {
  const item = (entry: NavItem): NavItem => ({
    ...entry,
    onIntent: () => void preloadAddress({ pathname: entry.path }).catch(() => undefined),
    children: entry.children?.map(item),
  });
  return groups.map((group) => ({ ...group, items: group.items.map(item) }));
}

function SignedInShell({ preloadAddress }: { preloadAddress: PreloadAddress }) {
  const { t } = useTranslation();
  const account = useAccount();
  useLanguageOnServer(account);
  // Live counts for nav entries with a `badge` key: one line per area, each from that area's hook.
  const messagesBadge = useUnreadMessagesCount();
  const ticketsBadge = useTicketsBadgeCount();
  const topupsBadge = usePendingTopupsCount();
  const navData = useMemo(() => {
    const badges: NavBadges = { messages: messagesBadge, tickets: ticketsBadge, topups: topupsBadge };
    return withPreloadOnIntent(buildNavData(account, t, badges), preloadAddress);
  }, [account, t, messagesBadge, ticketsBadge, topupsBadge, preloadAddress]);
  return (
    <DashboardLayout
      navData={navData}
      headerActions={
        <>
          <LanguagePopover />
          <CreditsPopover />
          <NotificationsBell />
          <AccountPopover />
        </>
      }
    >
      <LiveEvents />
      <Suspense fallback={<LoadingScreen fullScreen={false} />}>
        <Outlet />
      </Suspense>
    </DashboardLayout>
  );
}

/** Once the shell has shown, the other pages' texts download in the background, so they open at once. */
function useOtherPagesTexts() {
  useEffect(() => {
    const timer = window.setTimeout(() => void loadAllTexts(), 1000);
    return () => window.clearTimeout(timer);
  }, []);
}

export function DashboardShell({ preloadAddress }: { preloadAddress: PreloadAddress }) {
  useOtherPagesTexts();
  return (
    <AuthGuard>
      <SignedInShell preloadAddress={preloadAddress} />
    </AuthGuard>
  );
}
