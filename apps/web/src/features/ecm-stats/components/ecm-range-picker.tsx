import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ecmRanges, type EcmRange } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

export function EcmRangePicker({ value, onChange }: { value: EcmRange; onChange: (next: EcmRange) => void }) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: EcmRange | null) => next && onChange(next)}
      aria-label={t('ecmStats.range')}
      data-testid="ecm-range"
    >
      {ecmRanges.map((range) => (
        <ToggleButton key={range} value={range} data-testid={`ecm-range-${range}`}>
          {t(`ecmStats.ranges.${range}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
