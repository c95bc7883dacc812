import Typography from '@mui/material/Typography';
import { isAdminAccount, type LoadAlertSettings } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsCard, SettingsForm } from '../../../components/settings-card';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useAccount } from '../../auth/hooks/account-context';
import { useLoadAlertSettings, useUpdateLoadAlertSettings } from '../hooks/use-ecm-stats';
import { LoadThresholdFields, parseThresholds, thresholdTexts } from './load-threshold-fields';

/** The panel's load alert thresholds, which every server without its own follows (admins). */
export function LoadAlertSettingsCard() {
  const admin = isAdminAccount(useAccount());
  const settings = useLoadAlertSettings(admin);
  const { t } = useTranslation();
  if (!admin) return null;
  return (
    <SettingsCard
      testId="load-alert-settings-card"
      title={t('ecmStats.load.settingsTitle')}
      subheader={t('ecmStats.load.settingsSubtitle')}
      settings={settings}
    >
      {(current) => <LoadAlertSettingsForm current={current} />}
    </SettingsCard>
  );
}

function LoadAlertSettingsForm({ current }: { current: LoadAlertSettings }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useUpdateLoadAlertSettings();
  const [texts, setTexts] = useState(() => thresholdTexts(current));
  const parsed = parseThresholds(texts);
  return (
    <SettingsForm
      onSubmit={() => {
        if (parsed.success) save.mutate(parsed.data, { onSuccess: () => snackbar(t('ecmStats.load.saved')) });
      }}
      saveError={save.error}
      invalid={parsed.success ? null : t('errors.LOAD_ALERT_INVALID_SETTINGS')}
      invalidTestId="load-settings-invalid"
      changed={JSON.stringify(texts) !== JSON.stringify(thresholdTexts(current))}
      saving={save.isPending}
      saveLabel={t('ecmStats.load.save')}
      saveTestId="load-settings-save"
    >
      <LoadThresholdFields texts={texts} onChange={setTexts} idPrefix="load-setting" />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('ecmStats.load.emptyHelp')}
      </Typography>
    </SettingsForm>
  );
}
