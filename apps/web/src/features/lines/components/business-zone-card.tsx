import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import TextField from '@mui/material/TextField';
import { isAdminAccount, isTimeZone } from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useLineSettings, useUpdateLineSettings } from '../hooks/use-lines';
import { errorKey } from '../lib/error-key';

/** The zone names this browser knows, UTC first. */
function zoneNames(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

function ZoneForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const save = useUpdateLineSettings();
  const options = useMemo(zoneNames, []);
  const [zone, setZone] = useState(current);
  const valid = isTimeZone(zone);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        save.mutate(
          { business_time_zone: zone },
          {
            onSuccess: (settings) =>
              snackbar(t('lines.businessZone.saved', { zone: settings.business_time_zone })),
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
      <Autocomplete
        freeSolo
        disableClearable
        options={options}
        value={zone}
        onInputChange={(_event, value) => setZone(value)}
        sx={{ width: { xs: 1, sm: 320 } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('lines.businessZone.label')}
            error={!valid}
            helperText={valid ? t('lines.businessZone.help') : t(errorKey('LINE_INVALID_TIME_ZONE'))}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'business-zone-input' },
              inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            }}
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={!valid || zone === current}
        loading={save.isPending}
        sx={{ mt: 1 }}
        data-testid="business-zone-save"
      >
        {t('common.saveChanges')}
      </Button>
    </Box>
  );
}

/** Admins only: the business time zone whose days expiry dates are (docs/spec-rules.md, "Expiry"). */
export function BusinessZoneCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const errorMessage = useErrorMessage();
  const admin = isAdminAccount(account);
  const settings = useLineSettings(admin);
  if (!admin) return null;
  return (
    <Card data-testid="business-zone-card">
      <CardHeader title={t('lines.businessZone.title')} subheader={t('lines.businessZone.description')} />
      <CardContent>
        {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
        {settings.data && (
          <ZoneForm key={settings.data.business_time_zone} current={settings.data.business_time_zone} />
        )}
      </CardContent>
    </Card>
  );
}
