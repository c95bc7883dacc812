import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { NotificationPreferences } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSaveNotificationPreferences } from '../hooks/use-notifications';

export function BalanceThresholdCard({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useSaveNotificationPreferences();
  const [value, setValue] = useState('');
  useEffect(() => setValue(preferences.balance_threshold?.toString() ?? ''), [preferences.balance_threshold]);
  const threshold = value.trim() === '' ? null : Number(value);
  const valid = threshold === null || (Number.isInteger(threshold) && threshold >= 0);

  return (
    <Card data-testid="balance-threshold-card">
      <CardHeader title={t('notifications.thresholdTitle')} />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('notifications.thresholdLabel')}
            type="number"
            size="small"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={!valid}
            helperText={t('notifications.thresholdHelp')}
            slotProps={{ htmlInput: { min: 0, 'data-testid': 'balance-threshold' } }}
            sx={{ minWidth: 280 }}
          />
          <Button
            variant="outlined"
            disabled={!valid || threshold === preferences.balance_threshold}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { balance_threshold: threshold },
                {
                  onSuccess: () => snackbar(t('notifications.saved')),
                  onError: (error) => snackbar(errorMessage(error), 'error'),
                },
              )
            }
            data-testid="balance-threshold-save"
          >
            {t('notifications.thresholdSave')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
