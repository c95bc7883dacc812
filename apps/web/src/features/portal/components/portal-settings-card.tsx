import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isAdminAccount, MAX_CUSTOMER_REMINDER_DAYS, maySellLines } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { usePortalSettings, useSavePortalSettings } from '../hooks/use-portal';

/**
 * A reseller lets their customers into the portal (or not), says how customers reach them, and
 * chooses how many days before expiry customers (lines with an email) are mailed a reminder.
 */
export function PortalSettingsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const sellsLines = maySellLines({ isAdmin: isAdminAccount(account), permissions: account.permissions });
  const settings = usePortalSettings(sellsLines);
  const save = useSavePortalSettings();
  const [contact, setContact] = useState('');
  const [days, setDays] = useState('0');
  useEffect(() => {
    if (settings.data) {
      setContact(settings.data.contact);
      setDays(String(settings.data.customer_reminder_days));
    }
  }, [settings.data]);
  const daysValue = Number(days);
  const daysValid =
    days.trim() !== '' &&
    Number.isInteger(daysValue) &&
    daysValue >= 0 &&
    daysValue <= MAX_CUSTOMER_REMINDER_DAYS;

  if (!sellsLines) return null;
  const saveWith = (values: { enabled?: boolean; contact?: string; days?: number }) =>
    save.mutate(
      {
        enabled: values.enabled ?? settings.data?.enabled ?? true,
        contact: values.contact ?? contact,
        ...(values.days === undefined ? {} : { customer_reminder_days: values.days }),
      },
      {
        onSuccess: () => snackbar(t('portal.settings.saved')),
        onError: (error) => snackbar(errorMessage(error), 'error'),
      },
    );

  return (
    <Card data-testid="portal-settings-card">
      <CardHeader
        title={t('portal.settings.title')}
        subheader={t('portal.settings.description', { address: `${window.location.origin}/my` })}
      />
      <CardContent sx={{ pt: 1 }}>
        <Stack sx={{ gap: 2 }}>
          <FormControlLabel
            control={
              <Switch
                checked={settings.data?.enabled ?? true}
                disabled={!settings.data || save.isPending}
                onChange={(event) => saveWith({ enabled: event.target.checked })}
                slotProps={{ input: { 'aria-label': t('portal.settings.enabled') } }}
                data-testid="portal-settings-enabled"
              />
            }
            label={t('portal.settings.enabled')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('portal.settings.contact')}
              size="small"
              value={contact}
              onChange={(event) => setContact(event.target.value)}
              helperText={t('portal.settings.contactHelp')}
              sx={{ flexGrow: 1 }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Button
              variant="outlined"
              disabled={!settings.data || contact === settings.data.contact}
              loading={save.isPending}
              onClick={() => saveWith({ contact })}
            >
              {t('portal.settings.save')}
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={t('portal.settings.reminderDays')}
              size="small"
              type="number"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              error={!daysValid}
              helperText={
                daysValid ? t('portal.settings.reminderDaysHelp') : t('errors.PORTAL_REMINDER_DAYS_INVALID')
              }
              sx={{ flexGrow: 1 }}
              slotProps={{
                htmlInput: { min: 0, max: MAX_CUSTOMER_REMINDER_DAYS, 'data-testid': 'portal-reminder-days' },
              }}
            />
            <Button
              variant="outlined"
              disabled={!settings.data || !daysValid || daysValue === settings.data.customer_reminder_days}
              loading={save.isPending}
              onClick={() => saveWith({ days: daysValue })}
              data-testid="portal-reminder-days-save"
            >
              {t('portal.settings.save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
