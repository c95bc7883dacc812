import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { LedgerEntry } from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { useLedger } from '../hooks/use-ledger';
import { CreditDelta } from './credit-delta';
import { PagedDataGrid, type Paging } from '../../../components/paged-data-grid';

type LedgerGridProps = {
  /**
   * Whose movements: one account's, or, when absent, every account the caller may see (for an admin
   * that is every account, so their own history must pass their id).
   */
  accountId?: string;
  /** Shows who caused each movement, for admins looking at someone else's ledger. */
  showActor?: boolean;
  /** Shows whose balance moved, for the all-accounts ledger. */
  showAccount?: boolean;
};

export function LedgerGrid({ accountId, showActor = false, showAccount = false }: LedgerGridProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 10 });
  const ledger = useLedger({ page: paging.page + 1, pageSize: paging.pageSize, accountId });

  const columns = useMemo<GridColDef<LedgerEntry>[]>(() => {
    const all: GridColDef<LedgerEntry>[] = [
      {
        field: 'created_at',
        headerName: t('credits.ledger.date'),
        minWidth: 170,
        flex: 1,
        valueFormatter: (value: string) => formatDateTime(value, i18n.resolvedLanguage),
      },
      {
        field: 'account_email',
        headerName: t('credits.ledger.account'),
        minWidth: 200,
        flex: 1,
        renderCell: ({ row }) => <span data-testid="ledger-account">{row.account_email}</span>,
      },
      {
        field: 'reason',
        headerName: t('credits.ledger.reason'),
        minWidth: 150,
        flex: 1,
        renderCell: ({ row }) => (
          <span data-testid="ledger-reason" data-reason={row.reason}>
            {t(`credits.reasons.${row.reason}`)}
          </span>
        ),
      },
      {
        field: 'delta',
        headerName: t('credits.ledger.delta'),
        minWidth: 110,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => <CreditDelta delta={row.delta} />,
      },
      {
        field: 'balance_after',
        headerName: t('credits.ledger.balanceAfter'),
        minWidth: 130,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <span data-testid="ledger-balance">{formatNumber(row.balance_after, i18n.resolvedLanguage)}</span>
        ),
      },
      {
        field: 'actor_email',
        headerName: t('credits.ledger.actor'),
        minWidth: 180,
        flex: 1,
        valueFormatter: (value: string | null) => value ?? '—',
      },
      {
        field: 'note',
        headerName: t('credits.ledger.note'),
        minWidth: 180,
        flex: 1.5,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ color: row.note ? 'text.primary' : 'text.secondary' }}>
            {row.note || '—'}
          </Typography>
        ),
      },
    ];
    return all.filter(
      (column) =>
        (showActor || column.field !== 'actor_email') && (showAccount || column.field !== 'account_email'),
    );
  }, [t, i18n.resolvedLanguage, showActor, showAccount]);

  return (
    <PagedDataGrid
      rows={ledger.data?.items ?? []}
      columns={columns}
      total={ledger.data?.total ?? 0}
      paging={paging}
      onPagingChange={setPaging}
      loading={ledger.isFetching && !ledger.data}
      label={t('credits.ledger.title')}
      testId="ledger-grid"
      rowTestId="ledger-row"
      noRowsText={ledger.isError ? errorMessage(ledger.error) : t('credits.ledger.empty')}
    />
  );
}
