import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpReceipt } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { paths } from '../../../lib/paths';
import { receiptPdfUrl } from '../api/topups-api';
import { useTopUpReceipt } from '../hooks/use-topups';

/**
 * On paper only the receipt: the panel's header, menu and this page's buttons are left out, and the
 * sheet loses its frame.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      // A4 with the margins a filed document has; the sheet fills the page's width.
      '@page': { size: 'A4', margin: '18mm' },
      '@media print': {
        'header, nav, .MuiDrawer-root, .MuiAppBar-root, [data-print="hide"]': { display: 'none !important' },
        '[data-print="sheet"] *': { color: 'black !important' },
        'main, body': { margin: '0 !important', padding: '0 !important', background: 'white !important' },
        '[data-print="sheet"]': {
          boxShadow: 'none !important',
          border: 'none !important',
          maxWidth: 'none !important',
          padding: '0 !important',
        },
      },
    }}
  />
);

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: { xs: 0, sm: 2 }, py: 0.75, justifyContent: 'space-between' }}
      data-testid={testId}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', minWidth: 160 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', textAlign: { sm: 'right' } }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The seller or the buyer as the receipt names them; what was never given says so. */
function Party({ title, lines, testId }: { title: string; lines: string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId}>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
        {title}
      </Typography>
      {lines.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('payments.receipt.notSet')}
        </Typography>
      ) : (
        lines.map((line) => (
          <Typography key={line} variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))
      )}
    </Box>
  );
}

function Receipt({ receipt }: { receipt: TopUpReceipt }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const money = (cents: number) => formatPrice(cents, receipt.currency, language);
  const seller = receipt.seller;
  const buyer = receipt.buyer;
  const taxId = (id: string) => (id ? t('payments.receipt.taxId', { id }) : '');
  const sellerLines = [seller.company_name, seller.address, taxId(seller.tax_id), seller.email].filter(
    Boolean,
  );
  const buyerLines = [buyer.name, buyer.address, taxId(buyer.tax_id), buyer.email ?? buyer.id].filter(
    Boolean,
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}
      data-print="sheet"
      data-testid="receipt"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {t('credits.receipt.title')}
          </Typography>
          <Typography variant="subtitle1">
            {t('payments.receipt.number')}: <span data-testid="receipt-number">{receipt.receipt_number}</span>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="receipt-date">
            {t('payments.receipt.date')}: {formatDateTime(receipt.issued_at, language)}
          </Typography>
        </Box>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          mt: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          '@media print': { gridTemplateColumns: '1fr 1fr' },
        }}
      >
        <Party title={t('credits.receipt.seller')} lines={sellerLines} testId="receipt-seller" />
        <Party title={t('credits.receipt.buyer')} lines={buyerLines} testId="receipt-buyer" />
      </Box>
      {receipt.revocation && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="receipt-revoked">
          {t('payments.receipt.revoked', {
            count: receipt.revocation.credits,
            credits: formatNumber(receipt.revocation.credits, language),
            date: formatDateTime(receipt.revocation.at, language),
          })}
          {' · '}
          {receipt.revocation.reason}
        </Alert>
      )}
      {receipt.reversal && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="receipt-reversal">
          {t(`credits.receipt.reversal.${receipt.reversal.state}`, {
            date: formatDateTime(receipt.reversal.at, language),
            credits: formatNumber(receipt.reversal.credits, language),
          })}
        </Alert>
      )}
      <Divider sx={{ my: 2 }} />
      <Row label={t('credits.receipt.package')}>
        {receipt.package_name} ·{' '}
        {t('credits.receipt.credits', { credits: formatNumber(receipt.credits, language) })}
      </Row>
      <Row label={t('credits.receipt.price')}>{money(receipt.price_cents)}</Row>
      <Row label={t('credits.receipt.fee')}>{money(receipt.fee_cents)}</Row>
      <Row label={t('credits.receipt.total')} testId="receipt-total">
        <strong>{money(receipt.amount_cents)}</strong>
      </Row>
      {receipt.refunded_cents > 0 && (
        <Row label={t('credits.receipt.refunded')} testId="receipt-refunded">
          {money(receipt.refunded_cents)}
        </Row>
      )}
      {receipt.surplus_cents !== null && receipt.surplus_currency && (
        <Row label={t('credits.receipt.surplus')}>
          {formatPrice(receipt.surplus_cents, receipt.surplus_currency, language)}
        </Row>
      )}
      <Divider sx={{ my: 2 }} />
      <Row label={t('credits.receipt.method')}>{receipt.method_name ?? receipt.provider ?? '—'}</Row>
      {receipt.provider_payment_id && (
        <Row label={t('credits.receipt.paymentId')}>{receipt.provider_payment_id}</Row>
      )}
      {(receipt.reference_code ?? receipt.payment_reference) && (
        <Row label={t('credits.receipt.reference')}>
          {[receipt.reference_code, receipt.payment_reference].filter(Boolean).join(' · ')}
        </Row>
      )}
    </Paper>
  );
}

/** /payments/receipts/:id: a credited top-up's receipt, for its requester and admins, to print. */
export function TopUpReceiptPage() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const { id } = useParams();
  const requestId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const receipt = useTopUpReceipt(requestId);
  const missing =
    !Number.isInteger(requestId) ||
    (receipt.isError && isApiError(receipt.error) && receipt.error.status === 404);
  return (
    <>
      <title>{`${t('credits.receipt.title')} | Linedesk`}</title>
      {printStyles}
      <Stack direction="row" sx={{ gap: 1, mb: 2, flexWrap: 'wrap' }} data-print="hide">
        <Button
          component={RouterLink}
          to={paths.payments}
          startIcon={<ArrowBackIcon />}
          data-testid="receipt-back"
        >
          {t('payments.page.title')}
        </Button>
        {receipt.data && (
          <>
            <Button
              variant="contained"
              startIcon={<PrintOutlinedIcon />}
              onClick={() => window.print()}
              data-testid="receipt-print"
            >
              {t('credits.receipt.print')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<PictureAsPdfOutlinedIcon />}
              href={receiptPdfUrl(receipt.data.id, i18n.resolvedLanguage)}
              download
              data-testid="receipt-pdf"
            >
              {t('payments.receipt.pdf')}
            </Button>
          </>
        )}
      </Stack>
      {missing ? (
        <Alert severity="error" data-testid="receipt-missing">
          {t('credits.receipt.missing')}
        </Alert>
      ) : receipt.isError ? (
        <Alert severity="error">{errorMessage(receipt.error)}</Alert>
      ) : !receipt.data ? (
        <Skeleton variant="rounded" height={320} aria-label={t('common.loading')} />
      ) : (
        <Receipt receipt={receipt.data} />
      )}
    </>
  );
}
