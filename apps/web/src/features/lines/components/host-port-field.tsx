import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EditLineFormValues } from '../lib/line-form';

/** The line's host:port entries as chips; Enter or a comma adds one. */
export function HostPortField({ control }: { control: Control<EditLineFormValues> }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name="host_port"
      render={({ field }) => (
        <Autocomplete
          multiple
          freeSolo
          options={[] as string[]}
          value={field.value}
          onChange={(_event, value) =>
            field.onChange(
              [...new Set(value.flatMap((entry) => entry.split(/[\s,]+/)).filter(Boolean))].slice(0, 20),
            )
          }
          onBlur={field.onBlur}
          renderValue={(values, getItemProps) =>
            values.map((entry, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip key={key} size="small" label={entry} {...itemProps} data-testid="host-port-chip" />
              );
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('lines.fields.hostPort')}
              placeholder={t('lines.fields.hostPortPlaceholder')}
              helperText={t('lines.fields.hostPortHelp')}
              slotProps={{
                ...params.slotProps,
                inputLabel: { shrink: true },
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-host_port' },
              }}
            />
          )}
        />
      )}
    />
  );
}
