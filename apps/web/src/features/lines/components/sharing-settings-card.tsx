import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { isAdminAccount, sharingSettingsSchema, type SharingSettings } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useSharingSettings, useUpdateSharingSettings } from '../hooks/use-line-connections';
import { errorKey } from '../lib/error-key';

function SharingForm({ current }: { current: SharingSettings }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useUpdateSharingSettings();
  const [simultaneous, setSimultaneous] = useState(current.detect_simultaneous);
  const [maxIps, setMaxIps] = useState(String(current.max_ips_in_window));
  const [windowMinutes, setWindowMinutes] = useState(String(current.window_minutes));
  const [autoSuspend, setAutoSuspend] = useState(current.auto_suspend);
  const next = {
    detect_simultaneous: simultaneous,
    max_ips_in_window: /^\d+$/.test(maxIps) ? Number(maxIps) : NaN,
    window_minutes: /^\d+$/.test(windowMinutes) ? Number(windowMinutes) : NaN,
    auto_suspend: autoSuspend,
  };
  const valid = sharingSettingsSchema.safeParse(next).success;
  const invalidText = t(errorKey('LINE_SHARING_INVALID_SETTINGS'));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate(next, { onSuccess: () => snackbar(t('lineConnections.settings.saved')) });
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <FormControlLabel
        control={
          <Switch
            checked={simultaneous}
            onChange={(event) => setSimultaneous(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'sharing-simultaneous' } as object }}
          />
        }
        label={t('lineConnections.settings.simultaneous')}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          type="number"
          label={t('lineConnections.settings.maxIps')}
          value={maxIps}
          onChange={(event) => setMaxIps(event.target.value)}
          error={!Number.isInteger(next.max_ips_in_window) || next.max_ips_in_window > 100}
          helperText={t('lineConnections.settings.maxIpsHelp')}
          slotProps={{
            htmlInput: { min: 0, max: 100, 'data-testid': 'sharing-max-ips' },
            inputLabel: { shrink: true },
          }}
          sx={{ width: { xs: 1, sm: 280 } }}
        />
        <TextField
          type="number"
          label={t('lineConnections.settings.window')}
          value={windowMinutes}
          onChange={(event) => setWindowMinutes(event.target.value)}
          error={!valid && !(next.window_minutes >= 1 && next.window_minutes <= 10_080)}
          helperText={t('lineConnections.settings.windowHelp')}
          slotProps={{
            htmlInput: { min: 1, max: 10_080, 'data-testid': 'sharing-window' },
            input: {
              endAdornment: (
                <InputAdornment position="end">{t('lineConnections.settings.minutes')}</InputAdornment>
              ),
            },
            inputLabel: { shrink: true },
          }}
          sx={{ width: { xs: 1, sm: 200 } }}
        />
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={autoSuspend}
            onChange={(event) => setAutoSuspend(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'sharing-auto-suspend' } as object }}
          />
        }
        label={t('lineConnections.settings.autoSuspend')}
      />
      {!valid && <Alert severity="warning">{invalidText}</Alert>}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!valid}
          loading={save.isPending}
          data-testid="sharing-save"
        >
          {t('common.saveChanges')}
        </Button>
      </Box>
    </Box>
  );
}

/** Admins only: when a line counts as shared and whether it is then suspended. */
export function SharingSettingsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const errorMessage = useErrorMessage();
  const settings = useSharingSettings(admin);
  if (!admin) return null;

  return (
    <Card data-testid="sharing-settings-card">
      <CardHeader
        title={t('lineConnections.settings.title')}
        subheader={t('lineConnections.settings.description')}
      />
      <CardContent>
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data && <SharingForm key={JSON.stringify(settings.data)} current={settings.data} />}
      </CardContent>
    </Card>
  );
}
