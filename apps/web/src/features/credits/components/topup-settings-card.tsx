import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { isAdminAccount, topUpSettingsSchema, type TopUpSettings } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useSaveTopUpSettings, useTopUpSettings } from '../hooks/use-topups';

function UnpaidExpiryForm({ current }: { current: TopUpSettings }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useSaveTopUpSettings();
  const [text, setText] = useState(String(current.unpaid_expiry_days));
  // The server's own rule (whole days, 1 to 365), read from the shared schema.
  const parsed = topUpSettingsSchema.safeParse({
    unpaid_expiry_days: /^\d+$/.test(text) ? Number(text) : NaN,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        save.mutate(parsed.data, {
          onSuccess: (saved) =>
            snackbar(t('credits.topupSettings.saved', { count: saved.unpaid_expiry_days })),
        });
      }}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      {save.isError && (
        <Alert severity="error" sx={{ width: 1 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <TextField
        type="number"
        label={t('credits.topupSettings.days')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={!parsed.success}
        helperText={
          parsed.success ? t('credits.topupSettings.daysHelp') : t('credits.topupSettings.daysInvalid')
        }
        slotProps={{
          htmlInput: { min: 1, max: 365, 'data-testid': 'topup-expiry-days-input' },
          input: {
            endAdornment: <InputAdornment position="end">{t('credits.topupSettings.unit')}</InputAdornment>,
          },
          inputLabel: { shrink: true },
        }}
        sx={{ width: 260 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!parsed.success || parsed.data.unpaid_expiry_days === current.unpaid_expiry_days}
        loading={save.isPending}
        sx={{ mt: 1 }}
        data-testid="topup-expiry-days-save"
      >
        {t('common.saveChanges')}
      </Button>
    </Box>
  );
}

/** Admins: after how many days a request left unpaid is closed as expired. */
export function TopUpSettingsCard() {
  const account = useAccount();
  if (!isAdminAccount(account)) return null;
  return <TopUpSettingsContent />;
}

function TopUpSettingsContent() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const settings = useTopUpSettings();
  return (
    <Card data-testid="topup-settings-card">
      <CardHeader title={t('credits.topupSettings.title')} subheader={t('credits.topupSettings.text')} />
      <CardContent>
        {settings.isError ? (
          <Alert severity="error">{errorMessage(settings.error)}</Alert>
        ) : settings.data ? (
          <UnpaidExpiryForm key={settings.data.unpaid_expiry_days} current={settings.data} />
        ) : (
          <Skeleton variant="rounded" height={56} width={260} />
        )}
      </CardContent>
    </Card>
  );
}
