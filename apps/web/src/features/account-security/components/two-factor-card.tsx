import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useDisableTwoFactor } from '../hooks/use-account-security';
import { CurrentPasswordField } from './current-password-field';
import { TwoFactorSetup } from './two-factor-setup';

function DisableTwoFactor() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const snackbar = useSnackbar();
  const disable = useDisableTwoFactor();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const close = () => {
    setOpen(false);
    setPassword('');
    disable.reset();
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} data-testid="two-factor-disable">
        {t('accountSecurity.card.disable')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('accountSecurity.card.disableTitle')}
        confirmLabel={t('accountSecurity.card.disable')}
        loading={disable.isPending}
        onClose={close}
        onConfirm={() =>
          disable.mutate(password, {
            onSuccess: () => {
              close();
              snackbar(t('accountSecurity.card.disabled'));
            },
          })
        }
        content={
          <>
            {disable.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorMessage(disable.error)}
              </Alert>
            )}
            <Typography variant="body2" sx={{ mb: 2 }}>
              {t('accountSecurity.card.disableText')}
            </Typography>
            <CurrentPasswordField value={password} onChange={setPassword} testId="field-disable-password" />
          </>
        }
      />
    </>
  );
}

/** On the profile page: two-factor sign-in, on or off, and the way to change it. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const account = useAccount();
  const [settingUp, setSettingUp] = useState(false);
  const enabled = account.two_factor?.enabled ?? false;

  return (
    <Card data-testid="two-factor-card">
      <CardHeader
        title={t('accountSecurity.card.title')}
        action={
          <Chip
            size="small"
            color={enabled ? 'success' : 'default'}
            label={enabled ? t('accountSecurity.card.on') : t('accountSecurity.card.off')}
            data-testid="two-factor-status"
          />
        }
      />
      <CardContent>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {enabled ? t('accountSecurity.card.descriptionOn') : t('accountSecurity.card.descriptionOff')}
        </Typography>
        {enabled ? (
          <DisableTwoFactor />
        ) : settingUp ? (
          <TwoFactorSetup
            onCancel={() => setSettingUp(false)}
            onDone={() => {
              setSettingUp(false);
              snackbar(t('accountSecurity.card.enabled'));
            }}
          />
        ) : (
          <Box>
            <Button variant="contained" onClick={() => setSettingUp(true)} data-testid="two-factor-enable">
              {t('accountSecurity.card.enable')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
