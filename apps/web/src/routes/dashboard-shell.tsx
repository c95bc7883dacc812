import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePopover } from '../components/language-popover';
import { AccountPopover } from '../features/account/components/account-popover';
import { CreditsPopover } from '../features/account/components/credits-popover';
import { AuthGuard } from '../features/auth/components/auth-guard';
import { useAccount } from '../features/auth/hooks/account-context';
import { LiveEvents } from '../features/realtime/components/live-events';
import { DashboardLayout } from '../layouts/dashboard/dashboard-layout';
import { buildNavData } from './nav-config';

function SignedInShell() {
  const { t } = useTranslation();
  const account = useAccount();
  const navData = useMemo(() => buildNavData(account, t), [account, t]);
  return (
    <DashboardLayout
      navData={navData}
      headerActions={
        <>
          <LanguagePopover />
          <CreditsPopover />
          <AccountPopover />
        </>
      }
    >
      <LiveEvents />
      <Outlet />
    </DashboardLayout>
  );
}

export function DashboardShell() {
  return (
    <AuthGuard>
      <SignedInShell />
    </AuthGuard>
  );
}
