import MenuItem from '@mui/material/MenuItem';
import type { ActiveServer } from '@linedesk/shared';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/form-text-field';
import type { AddLineFormValues } from '../lib/line-form';

type ServerSelectFieldProps = { control: Control<AddLineFormValues>; servers: readonly ActiveServer[] };

/** Active servers, newest first; the first one is what the API would pick by itself. */
export function ServerSelectField({ control, servers }: ServerSelectFieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      control={control}
      name="server_id"
      label={t('lines.fields.server')}
      select
      disabled={servers.length === 0}
      helperText={t('lines.fields.serverHelp')}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'field-server-select' } as object } }}
    >
      {servers.map((server, index) => (
        <MenuItem key={server.id} value={String(server.id)} data-testid={`server-option-${server.id}`}>
          {server.server_name} · {server.protocol}
          {index === 0 ? ` (${t('lines.fields.newest')})` : ''}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
