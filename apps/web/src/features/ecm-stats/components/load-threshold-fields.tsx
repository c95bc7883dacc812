import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { loadAlertSettingsSchema, type LoadAlertSettings } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

export const loadThresholdFields = [
  'cpu_percent',
  'memory_percent',
  'disk_percent',
  'clients',
  'for_minutes',
] as const satisfies readonly (keyof LoadAlertSettings)[];
type Field = (typeof loadThresholdFields)[number];
export type ThresholdTexts = Record<Field, string>;

export function thresholdTexts(settings: LoadAlertSettings): ThresholdTexts {
  return Object.fromEntries(
    loadThresholdFields.map((field) => [field, settings[field] === null ? '' : String(settings[field])]),
  ) as ThresholdTexts;
}

/**
 * The texts as settings, checked by the API's own schema: an empty threshold is not watched (null),
 * the minutes are always needed.
 */
export function parseThresholds(texts: ThresholdTexts) {
  const value = (field: Field) => {
    const text = texts[field].trim();
    if (text === '' && field !== 'for_minutes') return null;
    return /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
  };
  return loadAlertSettingsSchema.safeParse(
    Object.fromEntries(loadThresholdFields.map((field) => [field, value(field)])),
  );
}

/** The four thresholds and the minutes, one field each. */
export function LoadThresholdFields({
  texts,
  onChange,
  disabled = false,
  idPrefix,
}: {
  texts: ThresholdTexts;
  onChange: (texts: ThresholdTexts) => void;
  disabled?: boolean;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      {loadThresholdFields.map((field) => (
        <TextField
          key={field}
          type="number"
          size="small"
          disabled={disabled}
          label={t(`ecmStats.load.fields.${field}`)}
          value={texts[field]}
          onChange={(event) => onChange({ ...texts, [field]: event.target.value })}
          slotProps={{
            htmlInput: { min: 0, 'data-testid': `${idPrefix}-${field}` },
            inputLabel: { shrink: true },
          }}
        />
      ))}
    </Box>
  );
}
