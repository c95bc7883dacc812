import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ecmSettingsSchema, isAdminAccount, type EcmSettings } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsCard, SettingsForm } from '../../../components/settings-card';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useAccount } from '../../auth/hooks/account-context';
import { useEcmSettings, useUpdateEcmSettings } from '../hooks/use-ecm-stats';

const fields = [
  'minute_retention_hours',
  'hour_retention_days',
  'day_retention_days',
  'churn_idle_days',
  'churn_horizon_days',
  'outage_answer_rate_percent',
  'outage_minutes',
] as const satisfies readonly (keyof EcmSettings)[];

const labelKey = {
  minute_retention_hours: 'ecmStats.settings.minute',
  hour_retention_days: 'ecmStats.settings.hour',
  day_retention_days: 'ecmStats.settings.day',
  churn_idle_days: 'ecmStats.settings.idle',
  churn_horizon_days: 'ecmStats.settings.horizon',
  outage_answer_rate_percent: 'ecmStats.settings.outageRate',
  outage_minutes: 'ecmStats.settings.outageMinutes',
} as const;

/**
 * How long ECM statistics are kept at each rollup, the churn radar's days and when a server counts as
 * down (admins): saved together, checked by the API's own schema before they are sent.
 */
export function EcmSettingsCard() {
  const admin = isAdminAccount(useAccount());
  const settings = useEcmSettings(admin);
  const { t } = useTranslation();
  if (!admin) return null;
  return (
    <SettingsCard
      testId="ecm-settings-card"
      title={t('ecmStats.settings.title')}
      subheader={t('ecmStats.settings.subtitle')}
      settings={settings}
    >
      {(current) => <EcmSettingsForm current={current} />}
    </SettingsCard>
  );
}

function EcmSettingsForm({ current }: { current: EcmSettings }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const save = useUpdateEcmSettings();
  const [texts, setTexts] = useState(() =>
    Object.fromEntries(fields.map((field) => [field, String(current[field])])),
  );
  const [compensate, setCompensate] = useState(current.outage_compensate);
  const parsed = ecmSettingsSchema.safeParse({
    ...Object.fromEntries(
      fields.map((field) => [field, /^\d+$/.test(texts[field]!) ? Number(texts[field]) : NaN]),
    ),
    outage_compensate: compensate,
  });
  const invalid = parsed.success ? null : parsed.error.issues[0]?.message;
  const changed =
    fields.some((field) => texts[field] !== String(current[field])) ||
    compensate !== current.outage_compensate;

  return (
    <SettingsForm
      onSubmit={() => {
        if (parsed.success)
          save.mutate(parsed.data, { onSuccess: () => snackbar(t('ecmStats.settings.saved')) });
      }}
      saveError={save.error}
      invalid={invalid ? t(`errors.${invalid}` as 'errors.ECM_STATS_INVALID_SETTINGS') : null}
      invalidTestId="ecm-settings-invalid"
      changed={changed}
      saving={save.isPending}
      saveLabel={t('ecmStats.settings.save')}
      saveTestId="ecm-settings-save"
    >
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        {fields.map((field) => (
          <TextField
            key={field}
            type="number"
            label={t(labelKey[field])}
            value={texts[field]}
            onChange={(event) => setTexts((all) => ({ ...all, [field]: event.target.value }))}
            slotProps={{
              htmlInput: { min: 0, 'data-testid': `ecm-setting-${field}` },
              inputLabel: { shrink: true },
            }}
          />
        ))}
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={compensate}
            onChange={(event) => setCompensate(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'ecm-setting-outage_compensate' } as object }}
          />
        }
        label={t('ecmStats.settings.outageCompensate')}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('ecmStats.settings.help')} {t('ecmStats.settings.outageHelp')}
      </Typography>
    </SettingsForm>
  );
}
