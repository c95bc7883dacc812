import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { defaultPlanPrices, type PlanPrice } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { durationLabel } from '../lib/duration-label';

type DurationPickerProps = {
  value: number;
  onChange: (months: number) => void;
  disabled?: boolean;
  /** Admins are never charged, so their buttons say so instead of a price. */
  free?: boolean;
  /** The chosen plan's durations and prices; the standard price list without one. */
  prices?: readonly PlanPrice[];
};

/** The plan's durations (by default the spec's 1, 3, 6, 12, 24 months), each with its credit price. */
export function DurationPicker({
  value,
  onChange,
  disabled = false,
  free = false,
  prices = defaultPlanPrices(),
}: DurationPickerProps) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      value={value}
      disabled={disabled}
      onChange={(_event, months: number | null) => {
        if (months !== null) onChange(months);
      }}
      aria-label={t('lines.fields.duration')}
      data-testid="duration-picker"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
        gap: 1,
        // Separate cards rather than one joined bar.
        '& .MuiToggleButtonGroup-grouped': {
          m: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: '10px !important',
        },
      }}
    >
      {prices.map(({ months, credits }) => (
        <ToggleButton
          key={months}
          value={months}
          data-testid={`duration-option-${months}`}
          sx={{
            flexDirection: 'column',
            py: 1.25,
            textTransform: 'none',
            '&.Mui-selected, &.Mui-selected:hover': {
              borderColor: 'primary.main',
              color: 'primary.dark',
              bgcolor: 'primary.lighter',
            },
          }}
        >
          <Typography variant="subtitle2" component="span">
            {durationLabel(t, months) ?? t('linePlans.months', { count: months })}
          </Typography>
          <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
            {free ? t('lines.price.free') : t('lines.price.credits', { count: credits })}
          </Typography>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
