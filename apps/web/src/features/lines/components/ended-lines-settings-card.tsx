import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { endedLineActions, MAX_ENDED_LINE_DAYS, type EndedLineAction } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useUpdateLineSettings } from '../hooks/use-lines';
import { errorKey } from '../lib/error-key';
import { LineSettingsCard, NumberSettingForm } from './line-settings-form';

/** Admins only: whether lines are archived or deleted some days after they ended, and after how many. */
export function EndedLinesSettingsCard() {
  const { t } = useTranslation();
  return (
    <LineSettingsCard
      title={t('lines.endedSettings.title')}
      description={t('lines.endedSettings.description')}
      testId="ended-lines-settings-card"
    >
      {(settings) => (
        <>
          <ActionForm key={settings.ended_line_action} current={settings.ended_line_action} />
          <NumberSettingForm
            key={`ended-days-${settings.ended_line_days}`}
            field="ended_line_days"
            current={settings.ended_line_days}
            min={1}
            max={MAX_ENDED_LINE_DAYS}
            label={t('lines.endedSettings.daysLabel')}
            help={t('lines.endedSettings.daysHelp', { max: MAX_ENDED_LINE_DAYS })}
            invalid={t(errorKey('LINE_ENDED_INVALID_SETTING'))}
            saved={(count) => t('lines.endedSettings.daysSaved', { count })}
            unit={t('lines.filters.days')}
            testId="ended-line-days"
          />
        </>
      )}
    </LineSettingsCard>
  );
}

function ActionForm({ current }: { current: EndedLineAction }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useUpdateLineSettings();
  const [action, setAction] = useState<EndedLineAction>(current);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { ended_line_action: action },
          { onSuccess: (settings) => snackbar(t(`lines.endedSettings.saved.${settings.ended_line_action}`)) },
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
        select
        label={t('lines.endedSettings.actionLabel')}
        value={action}
        onChange={(event) => setAction(event.target.value as EndedLineAction)}
        helperText={t('lines.endedSettings.actionHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'ended-line-action-input' } }}
        sx={{ width: 240 }}
      >
        {endedLineActions.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`lines.endedSettings.action.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        disabled={action === current}
        loading={save.isPending}
        sx={{ mt: 1 }}
        data-testid="ended-line-action-save"
      >
        {t('common.saveChanges')}
      </Button>
    </Box>
  );
}
