import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { RedeemHistoryEntry } from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { useRedeemHistory } from '../hooks/use-redeem';
import { PagedDataGrid, type Paging } from '../../../components/paged-data-grid';

/** Own redemptions; admins get everyone's, with who redeemed. */
export function RedeemHistoryGrid({ showUser }: { showUser: boolean }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 10 });
  const history = useRedeemHistory({ page: paging.page + 1, pageSize: paging.pageSize });

  const columns = useMemo<GridColDef<RedeemHistoryEntry>[]>(() => {
    const all: GridColDef<RedeemHistoryEntry>[] = [
      {
        field: 'redeemed_at',
        headerName: t('credits.history.date'),
        minWidth: 170,
        flex: 1,
        valueFormatter: (value: string) => formatDateTime(value, i18n.resolvedLanguage),
      },
      {
        field: 'user_email',
        headerName: t('credits.history.user'),
        minWidth: 200,
        flex: 1.2,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'code_hint',
        headerName: t('credits.history.code'),
        minWidth: 190,
        flex: 1,
        renderCell: ({ row }) => (
          <span style={{ fontFamily: 'monospace' }} data-testid="history-code">
            {row.code_hint}
          </span>
        ),
      },
      {
        field: 'credits',
        headerName: t('credits.history.credits'),
        minWidth: 100,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number) => formatNumber(value, i18n.resolvedLanguage),
      },
      {
        field: 'status',
        headerName: t('credits.history.status'),
        minWidth: 150,
        flex: 1,
        renderCell: ({ row }) => {
          const chip = (
            <Chip
              size="small"
              variant="outlined"
              color={row.status === 'success' ? 'success' : 'error'}
              label={t(`credits.history.statuses.${row.status}`)}
              data-testid="history-status"
              data-status={row.status}
            />
          );
          // A failure says why in the tooltip, in the reader's language.
          return row.status === 'error' && row.error_code ? (
            <Tooltip title={errorMessage(new ApiError(422, row.error_code, row.error_code))}>{chip}</Tooltip>
          ) : (
            chip
          );
        },
      },
    ];
    return showUser ? all : all.filter((column) => column.field !== 'user_email');
  }, [t, i18n.resolvedLanguage, showUser, errorMessage]);

  return (
    <PagedDataGrid
      rows={history.data?.items ?? []}
      columns={columns}
      total={history.data?.total ?? 0}
      paging={paging}
      onPagingChange={setPaging}
      loading={history.isFetching && !history.data}
      label={t('credits.history.title')}
      testId="redeem-history-grid"
      rowTestId="history-row"
      noRowsText={history.isError ? errorMessage(history.error) : t('credits.history.empty')}
    />
  );
}
