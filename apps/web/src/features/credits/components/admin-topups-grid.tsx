import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPrice, topUpRevocable, type TopUpRequest } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { GridPage, ServerSort } from '../../../components/paged-data-grid';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsivePagedGrid } from '../../../components/responsive-list/responsive-paged-grid';
import { formatDateTime } from '../../../lib/format-date';
import { topUpReceiptPath } from '../../../lib/paths';
import { TopUpPackageCell } from './topup-package-cell';
import { TopUpOutcome } from './topup-outcome';
import { TopUpStatusChip } from './topup-status-chip';

type AdminTopUpsGridProps = GridPage & {
  requests: TopUpRequest[];
  sort: ServerSort;
  onDecide: (request: TopUpRequest, approve: boolean) => void;
  onOpen: (request: TopUpRequest) => void;
  /** Undo a manual approval. */
  /** Absent when the server would refuse it (a billing member does not undo an approval). */
  onRevoke?: (request: TopUpRequest) => void;
  /** Requests whose decision is on its way. */
  busy: ReadonlySet<number>;
};

const caption = { color: 'text.secondary' } as const;

/** The payment id a provider gave (a Stripe session, a BTCPay invoice); null for a manual payment. */
export const providerPaymentId = (row: TopUpRequest) =>
  row.provider && row.provider !== 'manual' && row.provider_payment_id ? row.provider_payment_id : null;

/**
 * Every payment for the admin: the decision first, then what, its state, who, how it was paid (our
 * reference, and the provider's id when a provider gave one), the amount and when.
 */
export function AdminTopUpsGrid(props: AdminTopUpsGridProps) {
  const { requests, onDecide, onOpen, onRevoke, busy, sort, ...page } = props;
  const { t, i18n } = useTranslation();

  const columns = useMemo<ListColumn<TopUpRequest>[]>(() => {
    const language = i18n.resolvedLanguage;
    return [
      // The decision first: at 1440 px and on a phone it is on screen beside the package and state.
      {
        field: 'actions',
        headerName: t('common.actions'),
        card: 'actions',
        grid: { width: 200 },
        render: (row) => {
          const decidable =
            row.status === 'pending' || row.status === 'awaiting_payment' || row.status === 'needs_attention';
          return (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
              {decidable && (
                <>
                  <Button
                    size="small"
                    variant="contained"
                    color="success"
                    startIcon={<CheckIcon />}
                    disabled={busy.has(row.id)}
                    onClick={() => onDecide(row, true)}
                    data-testid="topup-approve"
                  >
                    {t(row.status === 'needs_attention' ? 'credits.topups.credit' : 'credits.topups.approve')}
                  </Button>
                  <Tooltip title={t('credits.topups.reject')}>
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={t('credits.topups.reject')}
                      disabled={busy.has(row.id)}
                      onClick={() => onDecide(row, false)}
                      data-testid="topup-reject"
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
              {topUpRevocable(row) && onRevoke && (
                <Tooltip title={t('payments.row.undo')}>
                  <IconButton
                    size="small"
                    aria-label={t('payments.row.undo')}
                    disabled={busy.has(row.id)}
                    onClick={() => onRevoke(row)}
                    data-testid="topup-revoke"
                  >
                    <UndoIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {row.receipt_number && (
                <Tooltip title={t('payments.row.receipt')}>
                  <IconButton
                    size="small"
                    component={RouterLink}
                    to={topUpReceiptPath(row.id)}
                    aria-label={t('credits.topups.receipt', { number: row.receipt_number })}
                    data-testid="topup-receipt"
                  >
                    <ReceiptLongOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <Tooltip title={t('credits.topups.details')}>
                <IconButton
                  size="small"
                  aria-label={t('credits.topups.detailsOf', { id: row.id })}
                  onClick={() => onOpen(row)}
                  data-testid="topup-details"
                >
                  <InfoOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          );
        },
      },
      {
        field: 'package_name',
        headerName: t('credits.topups.package'),
        card: 'primary',
        grid: { minWidth: 180, flex: 1.2 },
        render: (row) => <TopUpPackageCell row={row} />,
      },
      {
        field: 'status',
        headerName: t('credits.topups.status'),
        card: 'secondary',
        sortable: true,
        grid: { minWidth: 130 },
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <TopUpStatusChip status={row.status} />
            {row.decided_at && (
              <Typography
                variant="caption"
                component="p"
                sx={{ ...caption, overflowWrap: 'anywhere' }}
                data-testid="topup-decided"
              >
                {formatDateTime(row.decided_at, language)}
                {row.decided_by_email
                  ? ` · ${row.decided_by_email}`
                  : row.provider && row.provider !== 'manual'
                    ? ` · ${row.provider}`
                    : ''}
              </Typography>
            )}
            <TopUpOutcome row={row} />
          </Box>
        ),
      },
      {
        field: 'account_email',
        headerName: t('credits.topups.account'),
        grid: { minWidth: 150, flex: 1 },
        render: (row) => (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="topup-account">
            {row.account_email ?? '—'}
          </Typography>
        ),
      },
      {
        field: 'method',
        headerName: t('credits.topups.method'),
        grid: { minWidth: 140, flex: 0.8 },
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <Box data-testid="topup-method-kind">
              <Typography variant="body2" noWrap>
                {row.method_name ?? t('credits.topups.noMethod')}
              </Typography>
              {row.method_kind && (
                <Typography variant="caption" component="p" sx={caption}>
                  {t(`credits.topups.kinds.${row.method_kind}`)}
                </Typography>
              )}
            </Box>
            {(row.reference_code ?? row.payment_reference) && (
              <Typography
                variant="caption"
                component="p"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                data-testid="topup-reference-code"
              >
                {row.reference_code ?? row.payment_reference}
              </Typography>
            )}
            {/* Only what a provider gave: our own reference is never shown as the provider's id. */}
            {providerPaymentId(row) && (
              <Typography
                variant="caption"
                component="p"
                sx={{ ...caption, wordBreak: 'break-all' }}
                data-testid="topup-provider-id"
              >
                {t('payments.columns.providerId', {
                  provider: row.method_kind ? t(`credits.topups.kinds.${row.method_kind}`) : row.provider,
                  id: providerPaymentId(row),
                })}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'amount',
        headerName: t('credits.topups.amount'),
        align: 'right',
        sortable: true,
        grid: { minWidth: 110 },
        render: (row) => (
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="body2" data-testid="topup-amount">
              {formatPrice(row.amount_cents, row.currency, language)}
            </Typography>
            {row.fee_cents > 0 && (
              <Typography variant="caption" component="p" sx={caption} data-testid="topup-fee">
                {t('credits.topups.feeShort', { fee: formatPrice(row.fee_cents, row.currency, language) })}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'created_at',
        headerName: t('credits.topups.requested'),
        sortable: true,
        grid: { minWidth: 130 },
        render: (row) => (
          <Typography variant="body2" data-testid="topup-requested">
            {formatDateTime(row.created_at, language)}
          </Typography>
        ),
      },
    ];
  }, [t, i18n.resolvedLanguage, onDecide, onOpen, onRevoke, busy]);

  return (
    <ResponsivePagedGrid<TopUpRequest>
      {...page}
      sort={sort}
      rows={requests}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('credits.topups.title')}
      testId="topup-admin-grid"
      rowTestId="topup-row"
    />
  );
}
