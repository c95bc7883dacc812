import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { SecuritySettings } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useSecuritySettings, useUpdateSecuritySettings } from '../hooks/use-account-security';

/** Admins only: whether admins and resellers must use two-factor sign-in. */
export function SecuritySettingsCard() {
  const account = useAccount();
  if (!account.is_admin) return null;
  return <SecuritySettingsForm />;
}

function SecuritySettingsForm() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const settings = useSecuritySettings(true);
  const update = useUpdateSecuritySettings();
  const toggle = (key: keyof SecuritySettings, value: boolean) =>
    update.mutate({ [key]: value }, { onSuccess: () => snackbar(t('accountSecurity.settings.saved')) });

  return (
    <Card data-testid="security-settings-card">
      <CardHeader title={t('accountSecurity.settings.title')} />
      <CardContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('accountSecurity.settings.description')}
        </Typography>
        {(settings.isError || update.isError) && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(settings.error ?? update.error)}
          </Alert>
        )}
        {settings.data ? (
          <Stack>
            <FormControlLabel
              control={
                <Switch
                  checked={settings.data.require_two_factor_admins}
                  disabled={update.isPending}
                  onChange={(event) => toggle('require_two_factor_admins', event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'require-two-factor-admins' } as object }}
                />
              }
              label={t('accountSecurity.settings.requireAdmins')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={settings.data.require_two_factor_resellers}
                  disabled={update.isPending}
                  onChange={(event) => toggle('require_two_factor_resellers', event.target.checked)}
                  slotProps={{ input: { 'data-testid': 'require-two-factor-resellers' } as object }}
                />
              }
              label={t('accountSecurity.settings.requireResellers')}
            />
          </Stack>
        ) : (
          !settings.isError && <Skeleton height={88} />
        )}
      </CardContent>
    </Card>
  );
}
