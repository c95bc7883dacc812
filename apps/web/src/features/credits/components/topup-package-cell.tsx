import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';

/** A request at a glance, in the requester's list and the admin's: package, amount, references, proof. */
export function TopUpPackageCell({ row }: { row: TopUpRequest }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" noWrap>
        {row.package_name}
      </Typography>
      <Typography
        variant="caption"
        component="p"
        sx={{ color: 'text.secondary' }}
        data-testid="topup-credits"
      >
        {t('credits.topups.creditsFor', {
          count: row.credits,
          credits: formatNumber(row.credits, language),
          price: formatPrice(row.amount_cents, row.currency, language),
        })}
      </Typography>
      {row.method_name && (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'text.secondary' }}
          data-testid="topup-method"
        >
          {row.method_name}
          {row.reference_code && ` · ${row.reference_code}`}
        </Typography>
      )}
      {row.payment_reference && (
        <Typography
          variant="caption"
          component="p"
          sx={{ color: 'text.secondary', wordBreak: 'break-all' }}
          data-testid="topup-reference"
        >
          {t('credits.topups.referenceShort', { reference: row.payment_reference })}
        </Typography>
      )}
      {row.proof && (
        <Link
          variant="caption"
          href={row.proof.url}
          target="_blank"
          rel="noopener"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          data-testid="topup-proof"
        >
          <ReceiptLongOutlinedIcon fontSize="inherit" />
          {t('credits.payments.viewProof')}
        </Link>
      )}
    </Box>
  );
}
