import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isAdminAccount, maySellLines } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import {
  useReminderPreference,
  useReminderSettings,
  useSaveReminderPreference,
  useSaveReminderSettings,
} from '../hooks/use-reminders';

/** Resellers switch their own reminders; admins also set how many days ahead they go out. */
export function RemindersCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const settings = useReminderSettings();
  const preference = useReminderPreference();
  const saveSettings = useSaveReminderSettings();
  const savePreference = useSaveReminderPreference();
  const [days, setDays] = useState('');
  useEffect(() => {
    if (settings.data) setDays(String(settings.data.days));
  }, [settings.data]);

  const admin = isAdminAccount(account);
  if (!maySellLines({ isAdmin: admin, permissions: account.permissions })) return null;
  const dayCount = Number(days);
  const validDays = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 60;

  return (
    <Card data-testid="reminders-card">
      <CardHeader
        title={t('reminders.title')}
        subheader={t('reminders.description', { days: settings.data?.days ?? 3 })}
      />
      <CardContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2 }}>
          <FormControlLabel
            control={
              <Switch
                checked={preference.data?.enabled ?? true}
                disabled={!preference.data || savePreference.isPending}
                onChange={(event) =>
                  savePreference.mutate(
                    { enabled: event.target.checked },
                    { onError: (error) => snackbar(errorMessage(error), 'error') },
                  )
                }
                slotProps={{ input: { 'aria-label': t('reminders.enabled') } }}
                data-testid="reminders-enabled"
              />
            }
            label={t('reminders.enabled')}
          />
          {admin && (
            <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
              <TextField
                label={t('reminders.days')}
                type="number"
                size="small"
                value={days}
                onChange={(event) => setDays(event.target.value)}
                error={days !== '' && !validDays}
                helperText={t('reminders.daysHelp')}
                slotProps={{ htmlInput: { min: 1, max: 60, 'data-testid': 'reminders-days' } }}
              />
              <Button
                variant="outlined"
                disabled={!validDays || dayCount === settings.data?.days}
                loading={saveSettings.isPending}
                onClick={() =>
                  saveSettings.mutate(
                    { days: dayCount },
                    {
                      onSuccess: () => snackbar(t('reminders.saved')),
                      onError: (error) => snackbar(errorMessage(error), 'error'),
                    },
                  )
                }
              >
                {t('reminders.save')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
