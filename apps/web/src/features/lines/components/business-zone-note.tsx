import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBusinessDay } from '../hooks/use-business-day';

/** The small label beside expiry dates: in which time zone an expiry day ends. */
export function BusinessZoneNote() {
  const { t } = useTranslation();
  const { zone } = useBusinessDay();
  return (
    <Typography variant="caption" color="text.secondary" data-testid="business-zone-note">
      {t('lines.businessZone.note', { zone })}
    </Typography>
  );
}
