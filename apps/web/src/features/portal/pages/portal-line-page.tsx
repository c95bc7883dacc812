import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';
import { PortalLineSummary } from '../components/portal-line-summary';
import { PortalPasswordForm } from '../components/portal-password-form';
import { PortalRenewalRequest } from '../components/portal-renewal-request';
import { ReceiverSettings } from '../components/receiver-settings';
import { usePortalMe, usePortalSignOut } from '../hooks/use-portal';

/** The customer's line: status and term, how to connect, who sold it, renew (or ask for it), new password. */
export function PortalLinePage() {
  const { t } = useTranslation();
  const me = usePortalMe();
  const signOut = usePortalSignOut();
  const errorMessage = useErrorMessage();

  if (me.isPending) return <LoadingScreen />;
  if (me.isError) {
    return (
      <AuthLayout>
        <Alert severity="error">{errorMessage(me.error)}</Alert>
      </AuthLayout>
    );
  }
  if (!me.data) return <Navigate to={paths.portalSignIn} replace />;
  const line = me.data;
  const ended = line.status === 'expired' || line.days_left < 0;

  return (
    <AuthLayout maxWidth={560}>
      <title>{`${line.username} | Linedesk`}</title>
      <Stack sx={{ gap: 3 }} data-testid="portal-line-page">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography
            variant="h5"
            component="h1"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="portal-username"
          >
            {line.username}
          </Typography>
          <Button size="small" color="inherit" onClick={() => signOut.mutate()} data-testid="portal-sign-out">
            {t('portal.signOut')}
          </Button>
        </Stack>
        {line.status === 'suspended' && <Alert severity="error">{t('portal.line.suspended')}</Alert>}
        {ended && <Alert severity="warning">{t('portal.line.expired')}</Alert>}
        <PortalLineSummary me={line} />
        <Button
          component={RouterLink}
          to={paths.portalActivate}
          variant="contained"
          size="large"
          data-testid="portal-renew"
        >
          {t('portal.line.renew')}
        </Button>
        <PortalRenewalRequest />
        <Divider />
        <ReceiverSettings settings={line.receiver_settings} />
        <Divider />
        <Stack sx={{ gap: 0.5 }} data-testid="portal-reseller">
          <Typography variant="h6" component="h2">
            {t('portal.reseller.title')}
          </Typography>
          <Typography variant="body2">{line.reseller.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {line.reseller.contact}
          </Typography>
        </Stack>
        <Divider />
        <PortalPasswordForm />
      </Stack>
    </AuthLayout>
  );
}
