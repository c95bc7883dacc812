import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { isAdminAccount, type LoadAlertSettings } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useLoadAlertSettings, useUpdateLoadAlertSettings } from '../hooks/use-ecm-stats';
import { LoadThresholdFields, parseThresholds, thresholdTexts } from './load-threshold-fields';

/** The panel's load alert thresholds, which every server without its own follows (admins). */
export function LoadAlertSettingsCard() {
  const account = useAccount();
  const admin = isAdminAccount(account);
  const settings = useLoadAlertSettings(admin);
  const errorMessage = useErrorMessage();
  const { t } = useTranslation();
  if (!admin) return null;
  return (
    <Card data-testid="load-alert-settings-card">
      <CardHeader title={t('ecmStats.load.settingsTitle')} subheader={t('ecmStats.load.settingsSubtitle')} />
      <CardContent>
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data && <LoadAlertSettingsForm current={settings.data} />}
      </CardContent>
    </Card>
  );
}

function LoadAlertSettingsForm({ current }: { current: LoadAlertSettings }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useUpdateLoadAlertSettings();
  const [texts, setTexts] = useState(() => thresholdTexts(current));
  const parsed = parseThresholds(texts);
  const changed = JSON.stringify(texts) !== JSON.stringify(thresholdTexts(current));
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!parsed.success) return;
        save.mutate(parsed.data, { onSuccess: () => snackbar(t('ecmStats.load.saved')) });
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      {!parsed.success && (
        <Alert severity="warning" data-testid="load-settings-invalid">
          {t('errors.LOAD_ALERT_INVALID_SETTINGS')}
        </Alert>
      )}
      <LoadThresholdFields texts={texts} onChange={setTexts} idPrefix="load-setting" />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('ecmStats.load.emptyHelp')}
      </Typography>
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={!parsed.success || !changed}
          loading={save.isPending}
          data-testid="load-settings-save"
        >
          {t('ecmStats.load.save')}
        </Button>
      </Box>
    </Box>
  );
}
