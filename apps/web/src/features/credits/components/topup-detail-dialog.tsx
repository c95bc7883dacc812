import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { TopUpStatusChip } from './topup-status-chip';

type TopUpDetailDialogProps = { request: TopUpRequest | null; open: boolean; onClose: () => void };

/** One request whole, for the admin: every field the list shortens, and its proof of payment. */
export function TopUpDetailDialog({ request, open, onClose }: TopUpDetailDialogProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  if (!request) return null;
  const price = (cents: number) => formatPrice(cents, request.currency, language);
  const rows: [string, ReactNode][] = [
    [t('credits.topups.status'), <TopUpStatusChip key="status" status={request.status} />],
    [t('credits.topups.account'), request.account_email ?? '—'],
    [t('credits.topups.package'), request.package_name],
    [t('credits.topups.credits'), formatNumber(request.credits, language)],
    [
      t('credits.topups.method'),
      request.method_name
        ? `${request.method_name}${request.method_kind ? ` · ${t(`credits.topups.kinds.${request.method_kind}`)}` : ''}`
        : t('credits.topups.noMethod'),
    ],
    [t('credits.topups.price'), price(request.price_cents)],
    [t('credits.topups.fee'), price(request.fee_cents)],
    [t('credits.topups.amount'), price(request.amount_cents)],
    [t('credits.topups.ourReference'), request.reference_code ?? '—'],
    [t('credits.topups.paymentReference'), request.payment_reference ?? '—'],
    [t('credits.topups.providerPaymentId'), request.provider_payment_id ?? '—'],
    [t('credits.topups.requested'), formatDateTime(request.created_at, language)],
    [
      t('credits.topups.decided'),
      request.decided_at
        ? `${formatDateTime(request.decided_at, language)}${request.decided_by_email ? ` · ${request.decided_by_email}` : ''}`
        : '—',
    ],
  ];
  if (request.reject_reason) rows.push([t('credits.topups.rejectReason'), request.reject_reason]);
  if (request.expired_reason) {
    rows.push([
      t('credits.topups.expiredReason'),
      t(`credits.topups.expiredReasons.${request.expired_reason}`),
    ]);
  }
  const proof = request.proof;
  // What the provider reported of the payment's money afterwards, as it said when last asked.
  const movements = [
    ...request.refunds.map((refund) => ({ ...refund, kind: 'refund' as const })),
    ...request.disputes.map((dispute) => ({ ...dispute, kind: 'dispute' as const })),
  ];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="topup-detail-dialog">
      <DialogTitle>{t('credits.topups.detailsTitle', { id: request.id })}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' },
            columnGap: 2,
            rowGap: 1,
            m: 0,
          }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {(movements.length > 0 || request.invalidated) && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
              {t('credits.topups.reversalsTitle')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="topup-detail-reversals">
              {request.invalidated && (
                <Typography component="li" variant="body2" data-testid="topup-detail-invalidated">
                  {t('credits.topups.invalidated')}
                </Typography>
              )}
              {movements.map((item) => (
                <Typography
                  key={item.id}
                  component="li"
                  variant="body2"
                  data-testid={`topup-detail-${item.kind}`}
                  data-status={item.status}
                  sx={{ color: item.counts ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}
                >
                  {t(item.kind === 'refund' ? 'credits.topups.refundLine' : 'credits.topups.disputeLine', {
                    amount: price(item.amount_cents),
                    status: item.status,
                    date: item.at ? formatDateTime(item.at, language) : '—',
                    id: item.id,
                  })}
                  {!item.counts && ` · ${t('credits.topups.notTaken')}`}
                </Typography>
              ))}
            </Box>
            {request.reversal && (
              <Typography variant="body2" sx={{ mt: 1, color: 'error.main' }}>
                {t(`credits.receipt.reversal.${request.reversal.state}`, {
                  date: formatDateTime(request.reversal.at, language),
                  credits: formatNumber(request.reversal.credits, language),
                })}
              </Typography>
            )}
          </>
        )}
        <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
          {t('credits.topups.proof')}
        </Typography>
        {proof ? (
          <>
            {proof.content_type.startsWith('image/') && (
              <Box
                component="img"
                src={proof.url}
                alt={proof.file_name}
                sx={{ display: 'block', maxWidth: 1, maxHeight: 320, mb: 1, borderRadius: 1 }}
                data-testid="topup-detail-proof-image"
              />
            )}
            <Link href={proof.url} target="_blank" rel="noopener" data-testid="topup-detail-proof">
              {t('credits.topups.openProof', { name: proof.file_name })}
            </Link>
          </>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('credits.topups.noProof')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="topup-detail-close">
          {t('credits.topups.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
