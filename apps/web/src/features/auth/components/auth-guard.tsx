import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Suspense, useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { lazyPage } from '../../../lib/lazy-page';
import { paths } from '../../../lib/paths';
import { AccountContext } from '../hooks/account-context';
import { useMe } from '../hooks/use-me';
import type { ReturnToState } from './return-to';

// Shown only to an account an admin's setting requires to set up two-factor sign-in first.
const TwoFactorSetupRequired = lazyPage(
  () => import('../../account-security/components/two-factor-setup-required'),
  'TwoFactorSetupRequired',
);

export function AuthGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const location = useLocation();
  // The signed-in shell's first render is the app's largest. The account's answer arrives through a
  // store subscription, which React renders synchronously, in one task that held a phone's main
  // thread for half a second; read as a deferred value it renders in the background instead, in
  // slices between which the browser paints and answers input.
  const { data: me, isPending, isError, error, refetch } = useDeferredValue(useMe());

  if (isPending) return <LoadingScreen />;
  if (isError && me === undefined) {
    return (
      <Stack sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 3, gap: 2 }}>
        <Alert severity="error">{errorMessage(error)}</Alert>
        <Button variant="contained" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  if (!me) {
    // The lines list writes its page to the address without telling the router (a page change would
    // re-render the shell), so the address bar's query is the current one for the same path.
    const search = window.location.pathname === location.pathname ? window.location.search : location.search;
    const state: ReturnToState = { returnTo: `${location.pathname}${search}` };
    return <Navigate to={paths.signIn} replace state={state} />;
  }
  if (me.two_factor?.setup_required) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <TwoFactorSetupRequired />
      </Suspense>
    );
  }
  return <AccountContext value={me}>{children}</AccountContext>;
}
