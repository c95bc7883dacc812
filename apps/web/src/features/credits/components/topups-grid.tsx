import CheckIcon from '@mui/icons-material/Check';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import type { GridPage } from '../../../components/paged-data-grid';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsivePagedGrid } from '../../../components/responsive-list/responsive-paged-grid';
import { formatNumber } from '../../../lib/number-format';
import { topUpReceiptPath } from '../../../lib/paths';
import { TopUpStatusChip } from './topup-status-chip';

type TopUpsGridProps = GridPage & {
  requests: TopUpRequest[];
  /** Admins' view: who asked, and approve / reject on pending rows. */
  onDecide?: (request: TopUpRequest, approve: boolean) => void;
  /** Requests whose decision is on its way. */
  busy?: ReadonlySet<number>;
  /** The requester's view: pay a request still awaiting its payment. */
  onPay?: (request: TopUpRequest) => void;
  testId: string;
};

export function TopUpsGrid(props: TopUpsGridProps) {
  const { requests, onDecide, busy, onPay, testId, ...page } = props;
  const { t, i18n } = useTranslation();
  const admin = Boolean(onDecide);

  // On a phone each request is a card: the package as its title, the other columns as labelled lines,
  // approve and reject at its foot.
  const columns = useMemo<ListColumn<TopUpRequest>[]>(() => {
    const language = i18n.resolvedLanguage;
    const all: (ListColumn<TopUpRequest> | false)[] = [
      {
        field: 'created_at',
        headerName: t('credits.topups.requested'),
        grid: { minWidth: 150 },
        render: (row) => (
          <Typography variant="body2" data-testid="topup-requested">
            {formatDateTime(row.created_at, language)}
          </Typography>
        ),
      },
      admin && {
        field: 'account_email',
        headerName: t('credits.topups.account'),
        grid: { minWidth: 170, flex: 1 },
        render: (row) => (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="topup-account">
            {row.account_email ?? '—'}
          </Typography>
        ),
      },
      {
        field: 'package_name',
        headerName: t('credits.topups.package'),
        card: 'primary',
        grid: { minWidth: 220, flex: 1.3 },
        render: (row) => (
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
        ),
      },
      {
        field: 'status',
        headerName: t('credits.topups.status'),
        grid: { minWidth: 150, flex: 1 },
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <TopUpStatusChip status={row.status} />
            {row.decided_at && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {formatDateTime(row.decided_at, language)}
              </Typography>
            )}
            {onPay && row.status === 'awaiting_payment' && (
              <Button
                size="small"
                variant="contained"
                startIcon={<PaymentsOutlinedIcon />}
                onClick={() => onPay(row)}
                sx={{ mt: 0.5 }}
                data-testid="topup-pay"
              >
                {t('credits.payments.pay')}
              </Button>
            )}
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
              <Typography
                variant="caption"
                component="p"
                sx={{ color: 'error.main' }}
                data-testid="topup-reason"
              >
                {row.reject_reason}
              </Typography>
            )}
          </Box>
        ),
      },
      admin && {
        field: 'actions',
        headerName: t('common.actions'),
        card: 'actions',
        align: 'right',
        grid: { minWidth: 200 },
        render: (row) =>
          (row.status === 'pending' || row.status === 'awaiting_payment') && onDecide ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                size="small"
                variant="contained"
                color="success"
                startIcon={<CheckIcon />}
                disabled={busy?.has(row.id)}
                onClick={() => onDecide(row, true)}
                data-testid="topup-approve"
              >
                {t('credits.topups.approve')}
              </Button>
              <Button
                size="small"
                variant="outlined"
                color="error"
                startIcon={<CloseIcon />}
                disabled={busy?.has(row.id)}
                onClick={() => onDecide(row, false)}
                data-testid="topup-reject"
              >
                {t('credits.topups.reject')}
              </Button>
            </Box>
          ) : (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {row.decided_by_email ?? ''}
            </Typography>
          ),
      },
    ];
    return all.filter((column): column is ListColumn<TopUpRequest> => column !== false);
  }, [t, i18n.resolvedLanguage, admin, onDecide, busy, onPay]);

  return (
    <ResponsivePagedGrid<TopUpRequest>
      {...page}
      rows={requests}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('credits.topups.title')}
      testId={testId}
      rowTestId="topup-row"
    />
  );
}
