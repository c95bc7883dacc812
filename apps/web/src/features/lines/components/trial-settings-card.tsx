import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { isAdminAccount, MAX_TRIAL_DAYS, MAX_TRIAL_LINES_PER_DAY } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useLineSettings, useUpdateLineSettings } from '../hooks/use-lines';
import { errorKey } from '../lib/error-key';

function TrialLengthForm({ current }: { current: number }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useUpdateLineSettings();
  const [text, setText] = useState(String(current));
  const days = Number(text);
  const valid = /^\d+$/.test(text) && days >= 1 && days <= MAX_TRIAL_DAYS;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        save.mutate(
          { trial_days: days },
          {
            onSuccess: (settings) => snackbar(t('lines.trialSettings.saved', { days: settings.trial_days })),
          },
        );
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
        label={t('lines.trialSettings.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={!valid}
        helperText={
          valid
            ? t('lines.trialSettings.help', { max: MAX_TRIAL_DAYS })
            : t(errorKey('LINE_INVALID_TRIAL_DAYS'))
        }
        slotProps={{
          htmlInput: { min: 1, max: MAX_TRIAL_DAYS, 'data-testid': 'trial-days-input' },
          input: { endAdornment: <InputAdornment position="end">{t('lines.filters.days')}</InputAdornment> },
          inputLabel: { shrink: true },
        }}
        sx={{ width: 240 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!valid || days === current}
        loading={save.isPending}
        sx={{ mt: 1 }}
        data-testid="trial-days-save"
      >
        {t('common.saveChanges')}
      </Button>
    </Box>
  );
}

function TrialLimitForm({ current }: { current: number }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useUpdateLineSettings();
  const [text, setText] = useState(String(current));
  const limit = Number(text);
  const valid = /^\d+$/.test(text) && limit <= MAX_TRIAL_LINES_PER_DAY;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        save.mutate(
          { trial_lines_per_day: limit },
          {
            onSuccess: (settings) =>
              snackbar(t('lines.trialSettings.limitSaved', { count: settings.trial_lines_per_day })),
          },
        );
      }}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mt: 3 }}
    >
      {save.isError && (
        <Alert severity="error" sx={{ width: 1 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <TextField
        type="number"
        label={t('lines.trialSettings.limitLabel')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={!valid}
        helperText={
          valid
            ? t('lines.trialSettings.limitHelp', { max: MAX_TRIAL_LINES_PER_DAY })
            : t(errorKey('LINE_INVALID_TRIAL_LIMIT'))
        }
        slotProps={{
          htmlInput: { min: 0, max: MAX_TRIAL_LINES_PER_DAY, 'data-testid': 'trial-limit-input' },
          inputLabel: { shrink: true },
        }}
        sx={{ width: 240 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!valid || limit === current}
        loading={save.isPending}
        sx={{ mt: 1 }}
        data-testid="trial-limit-save"
      >
        {t('common.saveChanges')}
      </Button>
    </Box>
  );
}

/** Admins only: how long a free trial line lasts and how many a reseller may create per day. */
export function TrialSettingsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const errorMessage = useErrorMessage();
  const settings = useLineSettings();
  if (!isAdminAccount(account)) return null;

  return (
    <Card data-testid="trial-settings-card">
      <CardHeader title={t('lines.trialSettings.title')} subheader={t('lines.trialSettings.description')} />
      <CardContent>
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data && (
          <>
            <TrialLengthForm key={settings.data.trial_days} current={settings.data.trial_days} />
            <TrialLimitForm
              key={`limit-${settings.data.trial_lines_per_day}`}
              current={settings.data.trial_lines_per_day}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
