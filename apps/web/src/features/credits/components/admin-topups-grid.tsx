import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridPage, ServerSort } from '../../../components/paged-data-grid';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsivePagedGrid } from '../../../components/responsive-list/responsive-paged-grid';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { TopUpPackageCell } from './topup-package-cell';
import { TopUpOutcome } from './topup-outcome';
import { TopUpStatusChip } from './topup-status-chip';

type AdminTopUpsGridProps = GridPage & {
  requests: TopUpRequest[];
  sort: ServerSort;
  onDecide: (request: TopUpRequest, approve: boolean) => void;
  onOpen: (request: TopUpRequest) => void;
  /** Requests whose decision is on its way. */
  busy: ReadonlySet<number>;
};

const caption = { color: 'text.secondary' } as const;

/** Every payment for the admin: who, what, how it was paid, the provider's id, amounts and state. */
export function AdminTopUpsGrid(props: AdminTopUpsGridProps) {
  const { requests, onDecide, onOpen, busy, sort, ...page } = props;
  const { t, i18n } = useTranslation();

  const columns = useMemo<ListColumn<TopUpRequest>[]>(() => {
    const language = i18n.resolvedLanguage;
    return [
      {
        field: 'package_name',
        headerName: t('credits.topups.package'),
        card: 'primary',
        grid: { minWidth: 200, flex: 1.2 },
        render: (row) => <TopUpPackageCell row={row} />,
      },
      {
        field: 'status',
        headerName: t('credits.topups.status'),
        card: 'secondary',
        sortable: true,
        grid: { minWidth: 140 },
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <TopUpStatusChip status={row.status} />
            <TopUpOutcome row={row} />
          </Box>
        ),
      },
      {
        field: 'created_at',
        headerName: t('credits.topups.requested'),
        sortable: true,
        grid: { minWidth: 150 },
        render: (row) => (
          <Typography variant="body2" data-testid="topup-requested">
            {formatDateTime(row.created_at, language)}
          </Typography>
        ),
      },
      {
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
        field: 'method',
        headerName: t('credits.topups.method'),
        grid: { minWidth: 140 },
        render: (row) => (
          <Box sx={{ minWidth: 0 }} data-testid="topup-method-kind">
            <Typography variant="body2" noWrap>
              {row.method_name ?? t('credits.topups.noMethod')}
            </Typography>
            {row.method_kind && (
              <Typography variant="caption" component="p" sx={caption}>
                {t(`credits.topups.kinds.${row.method_kind}`)}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'provider_payment_id',
        headerName: t('credits.topups.providerPaymentId'),
        grid: { minWidth: 150, flex: 0.8 },
        render: (row) => (
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }} data-testid="topup-provider-id">
            {row.provider_payment_id ?? row.reference_code ?? '—'}
          </Typography>
        ),
      },
      {
        field: 'amount',
        headerName: t('credits.topups.amount'),
        align: 'right',
        sortable: true,
        grid: { minWidth: 120 },
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
        field: 'credits',
        headerName: t('credits.topups.credits'),
        align: 'right',
        sortable: true,
        grid: { minWidth: 90 },
        render: (row) => (
          <Typography variant="body2" data-testid="topup-credit-count">
            {formatNumber(row.credits, language)}
          </Typography>
        ),
      },
      {
        field: 'decided_at',
        headerName: t('credits.topups.decided'),
        sortable: true,
        grid: { minWidth: 160 },
        render: (row) =>
          row.decided_at ? (
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{formatDateTime(row.decided_at, language)}</Typography>
              <Typography variant="caption" component="p" sx={{ ...caption, overflowWrap: 'anywhere' }}>
                {row.decided_by_email ?? (row.provider && row.provider !== 'manual' ? row.provider : '')}
              </Typography>
            </Box>
          ) : (
            <Typography variant="body2" sx={caption}>
              —
            </Typography>
          ),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        card: 'actions',
        align: 'right',
        grid: { minWidth: 230 },
        render: (row) => (
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'flex-end',
            }}
          >
            {(row.status === 'pending' ||
              row.status === 'awaiting_payment' ||
              row.status === 'needs_attention') && (
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
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  startIcon={<CloseIcon />}
                  disabled={busy.has(row.id)}
                  onClick={() => onDecide(row, false)}
                  data-testid="topup-reject"
                >
                  {t('credits.topups.reject')}
                </Button>
              </>
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
        ),
      },
    ];
  }, [t, i18n.resolvedLanguage, onDecide, onOpen, busy]);

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
