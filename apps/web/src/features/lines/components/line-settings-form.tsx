import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { isAdminAccount, type LineSettings } from '@linedesk/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useLineSettings, useUpdateLineSettings } from '../hooks/use-lines';

/** An admin's card of line settings (trials, freezes): nothing for anyone else; its forms once read. */
export function LineSettingsCard(props: {
  title: string;
  description: string;
  testId: string;
  children: (settings: LineSettings) => ReactNode;
}) {
  const account = useAccount();
  const errorMessage = useErrorMessage();
  const admin = isAdminAccount(account);
  const settings = useLineSettings(admin);
  if (!admin) return null;

  return (
    <Card data-testid={props.testId}>
      <CardHeader title={props.title} subheader={props.description} />
      <CardContent>
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data && props.children(settings.data)}
      </CardContent>
    </Card>
  );
}

type NumberField =
  'trial_days' | 'trial_lines_per_day' | 'freezes_per_year' | 'freeze_max_days' | 'ended_line_days';

type NumberSettingFormProps = {
  field: NumberField;
  current: number;
  min: number;
  max: number;
  label: string;
  help: string;
  /** Shown under the field while the number is out of range. */
  invalid: string;
  saved: (value: number) => string;
  /** The unit after the number, if any. */
  unit?: string;
  testId: string;
  first?: boolean;
};

/** One of the line settings (trials, freezes): a number with its own save button, saved on its own. */
export function NumberSettingForm(props: NumberSettingFormProps) {
  const { field, current, min, max } = props;
  const snackbar = useSnackbar();
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useUpdateLineSettings();
  const [text, setText] = useState(String(current));
  const value = Number(text);
  const valid = /^\d+$/.test(text) && value >= min && value <= max;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        save.mutate({ [field]: value }, { onSuccess: (settings) => snackbar(props.saved(settings[field])) });
      }}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mt: props.first ? 0 : 3 }}
    >
      {save.isError && (
        <Alert severity="error" sx={{ width: 1 }}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <TextField
        type="number"
        label={props.label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={!valid}
        helperText={valid ? props.help : props.invalid}
        slotProps={{
          htmlInput: { min, max, 'data-testid': `${props.testId}-input` },
          input: props.unit
            ? { endAdornment: <InputAdornment position="end">{props.unit}</InputAdornment> }
            : undefined,
          inputLabel: { shrink: true },
        }}
        sx={{ width: 240 }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!valid || value === current}
        loading={save.isPending}
        sx={{ mt: 1 }}
        data-testid={`${props.testId}-save`}
      >
        {t('common.saveChanges')}
      </Button>
    </Box>
  );
}
