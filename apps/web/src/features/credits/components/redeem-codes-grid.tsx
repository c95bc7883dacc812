import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { RedeemCode } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { PagedDataGrid, type GridPage } from '../../../components/paged-data-grid';
import { formatNumber } from '../../../lib/number-format';
import { RedeemCodeStatusChip } from './redeem-code-status-chip';

type RedeemCodesGridProps = GridPage & {
  codes: RedeemCode[];
  /** Ids whose activation is being changed right now. */
  busy: ReadonlySet<number>;
  onToggleActive: (code: RedeemCode) => void;
  onDelete: (code: RedeemCode) => void;
};

export function RedeemCodesGrid(props: RedeemCodesGridProps) {
  const { codes, busy, onToggleActive, onDelete, ...page } = props;
  const { t, i18n } = useTranslation();

  const columns = useMemo<GridColDef<RedeemCode>[]>(
    () => [
      {
        field: 'code_hint',
        headerName: t('credits.codes.code'),
        minWidth: 190,
        flex: 1,
        renderCell: ({ row }) => (
          <span style={{ fontFamily: 'monospace' }} data-testid="code-hint">
            {row.code_hint}
          </span>
        ),
      },
      {
        field: 'credits',
        headerName: t('credits.codes.credits'),
        minWidth: 90,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number) => formatNumber(value, i18n.resolvedLanguage),
      },
      {
        field: 'times_used',
        headerName: t('credits.codes.uses'),
        minWidth: 100,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <span data-testid="code-uses" data-times-used={row.times_used}>
            {row.times_used} / {row.max_uses}
          </span>
        ),
      },
      {
        field: 'status',
        headerName: t('credits.codes.status'),
        minWidth: 120,
        renderCell: ({ row }) => <RedeemCodeStatusChip status={row.status} />,
      },
      {
        field: 'expires_at',
        headerName: t('credits.codes.expires'),
        minWidth: 120,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ color: row.expires_at ? 'text.primary' : 'text.secondary' }}>
            {row.expires_at ? formatDate(row.expires_at, i18n.resolvedLanguage) : t('credits.codes.never')}
          </Typography>
        ),
      },
      {
        field: 'description',
        headerName: t('credits.codes.description'),
        minWidth: 170,
        flex: 1.2,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: row.description ? 'text.primary' : 'text.secondary' }}>
              {row.description || '—'}
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {t('credits.codes.createdAt', { date: formatDateTime(row.created_at, i18n.resolvedLanguage) })}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        width: 104,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        renderCell: ({ row }) => {
          const label = row.is_active ? t('credits.codes.deactivate') : t('credits.codes.activate');
          return (
            <>
              <Tooltip title={label}>
                <span>
                  <IconButton
                    size="small"
                    onClick={() => onToggleActive(row)}
                    disabled={busy.has(row.id)}
                    aria-label={`${label} ${row.code_hint}`}
                    data-testid="code-toggle-active"
                  >
                    {row.is_active ? <BlockIcon /> : <CheckCircleOutlineIcon color="success" />}
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('common.delete')}>
                <IconButton
                  size="small"
                  color="error"
                  onClick={() => onDelete(row)}
                  aria-label={t('credits.codes.deleteNamed', { code: row.code_hint })}
                  data-testid="code-delete-button"
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Tooltip>
            </>
          );
        },
      },
    ],
    [t, i18n.resolvedLanguage, busy, onToggleActive, onDelete],
  );

  return (
    <PagedDataGrid
      {...page}
      rows={codes}
      columns={columns}
      label={t('credits.codes.title')}
      testId="redeem-codes-grid"
      rowTestId="code-row"
    />
  );
}
