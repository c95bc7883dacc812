import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { useSignOut } from '../../auth/hooks/use-auth-mutations';
import { TwoFactorSetup } from './two-factor-setup';

/**
 * Shown instead of the panel, by the auth guard rather than the router, while an admin's setting
 * requires two-factor sign-in for this account and it is not on yet (the server refuses everything
 * else meanwhile). Turning it on updates the cached account, and the panel appears.
 */
export function TwoFactorSetupRequired() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <>
      <title>{`${t('accountSecurity.required.title')} | Linedesk`}</title>
      <AuthLayout maxWidth={520}>
        <Stack sx={{ gap: 1, mb: 3 }} data-testid="two-factor-required">
          <Typography variant="h5" component="h1">
            {t('accountSecurity.required.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('accountSecurity.required.text')}
          </Typography>
        </Stack>
        <TwoFactorSetup onDone={() => undefined} />
        <Button
          color="inherit"
          onClick={() => signOut.mutate()}
          loading={signOut.isPending}
          sx={{ mt: 3 }}
          data-testid="two-factor-required-sign-out"
        >
          {t('accountSecurity.required.signOut')}
        </Button>
      </AuthLayout>
    </>
  );
}
