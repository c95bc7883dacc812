import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { topUpReceiptPath } from '../../../lib/paths';

/**
 * What became of a request, under its state in the requester's list and the admin's: what a provider
 * took back, a surplus paid, the receipt, why it was rejected or expired.
 */
export function TopUpOutcome({ row }: { row: TopUpRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <>
      {row.reversal && (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'error.main' }}
          data-testid="topup-reversal"
          data-state={row.reversal.state}
        >
          {t(`credits.receipt.reversal.${row.reversal.state}`, {
            date: formatDateTime(row.reversal.at, language),
            credits: formatNumber(row.reversal.credits, language),
          })}
        </Typography>
      )}
      {row.surplus_cents !== null && row.surplus_currency && (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'text.secondary' }}
          data-testid="topup-surplus"
        >
          {t('credits.topups.surplus', {
            amount: formatPrice(row.surplus_cents, row.surplus_currency, language),
          })}
        </Typography>
      )}
      {row.receipt_number && (
        <Link
          component={RouterLink}
          to={topUpReceiptPath(row.id)}
          variant="caption"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          data-testid="topup-receipt"
        >
          <ReceiptOutlinedIcon fontSize="inherit" />
          {t('credits.topups.receipt', { number: row.receipt_number })}
        </Link>
      )}
      {row.reject_reason && (
        <Typography variant="caption" component="p" sx={{ color: 'error.main' }} data-testid="topup-reason">
          {row.reject_reason}
        </Typography>
      )}
      {row.expired_reason && (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'text.secondary' }}
          data-testid="topup-expired-reason"
        >
          {t(`credits.topups.expiredReasons.${row.expired_reason}`)}
        </Typography>
      )}
    </>
  );
}
