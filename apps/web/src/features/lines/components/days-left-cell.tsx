import Typography from '@mui/material/Typography';
import { daysLeft, isExpiringSoon } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

export type DaysLeftTone = 'expired' | 'soon' | 'ok';

/** Expired red, within the "expiring soon" window amber, else plain: tomorrow must not look like 2027. */
export function daysLeftTone(days: number): DaysLeftTone {
  if (days < 0) return 'expired';
  return isExpiringSoon(days) ? 'soon' : 'ok';
}

/** "Expired 2 days ago", "Today" or "5 days". */
export function daysLeftText(t: TFunction, days: number): string {
  if (days < 0) return t('lines.daysLeft.expiredAgo', { count: -days });
  return days === 0 ? t('lines.daysLeft.today') : t('lines.daysLeft.left', { count: days });
}

const toneColor: Record<DaysLeftTone, string> = {
  expired: 'error.main',
  soon: 'warning.dark',
  ok: 'text.primary',
};

/**
 * Days until a line's expiry date (the server's UTC day, as its status), coloured by urgency. Memoised
 * on its two days for the grid's rows, updated in place from page to page.
 */
export const DaysLeftCell = memo(function DaysLeftCell({
  expiryDate,
  today,
}: {
  expiryDate: string;
  today: string;
}) {
  const { t } = useTranslation();
  const days = daysLeft(expiryDate, today);
  const tone = daysLeftTone(days);
  const text = daysLeftText(t, days);
  return (
    <Typography
      variant="body2"
      data-testid="line-days-left"
      data-days={days}
      data-tone={tone}
      sx={{ color: toneColor[tone], fontWeight: tone === 'ok' ? 400 : 600 }}
      noWrap
    >
      {text}
    </Typography>
  );
});
