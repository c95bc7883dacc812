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
import { usePortalSettings, useSavePortalSettings } from '../hooks/use-portal';

/** A reseller lets their customers into the portal (or not) and says how customers reach them. */
export function PortalSettingsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const sellsLines = maySellLines({ isAdmin: isAdminAccount(account), permissions: account.permissions });
  const settings = usePortalSettings(sellsLines);
  const save = useSavePortalSettings();
  const [contact, setContact] = useState('');
  useEffect(() => {
    if (settings.data) setContact(settings.data.contact);
  }, [settings.data]);

  if (!sellsLines) return null;
  const saveWith = (values: { enabled?: boolean; contact?: string }) =>
    save.mutate(
      { enabled: values.enabled ?? settings.data?.enabled ?? true, contact: values.contact ?? contact },
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
        </Stack>
      </CardContent>
    </Card>
  );
}
