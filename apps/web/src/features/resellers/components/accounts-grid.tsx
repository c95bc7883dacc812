import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { accountName, type ManagedAccount } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import type { GridPage } from '../../../components/paged-data-grid';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsivePagedGrid } from '../../../components/responsive-list/responsive-paged-grid';
import { formatNumber } from '../../../lib/number-format';
import type { AccountAction, AccountActionHandler, AccountsView } from '../lib/account-actions';
import { AccountActionsMenu } from './account-actions-menu';
import { AccountStatusChip } from './account-status-chip';
import { useGroupName } from '../../groups/hooks/use-group-name';

type AccountsGridProps = GridPage & {
  accounts: ManagedAccount[];
  /** Shows whose sub-account a row is (admins see everyone's). */
  showOwner: boolean;
  actions: AccountAction[];
  onAction: AccountActionHandler;
  view: AccountsView;
};

const managementOnly: ReadonlySet<string> = new Set(['group_name', 'status', 'last_sign_in_at']);

export function AccountsGrid(props: AccountsGridProps) {
  const { accounts, showOwner, actions, onAction, view, ...page } = props;
  const { t, i18n } = useTranslation();
  const groupName = useGroupName();

  const columns = useMemo<ListColumn<ManagedAccount>[]>(() => {
    const number = (value: number) => formatNumber(value, i18n.resolvedLanguage);
    const all: ListColumn<ManagedAccount>[] = [
      {
        field: 'email',
        card: 'primary',
        headerName: t('resellers.columns.account'),
        grid: { minWidth: 210, flex: 1.6 },
        render: (row) => (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap data-testid="account-email">
              {row.email}
            </Typography>
            <Typography variant="caption" noWrap component="p" sx={{ color: 'text.secondary' }}>
              {row.full_name ? `${accountName(row)} · ${row.full_name}` : accountName(row)}
            </Typography>
            {showOwner && row.owner_email && (
              <Typography
                variant="caption"
                noWrap
                component="p"
                sx={{ color: 'text.secondary' }}
                data-testid="account-owner"
              >
                {t('resellers.columns.ownedBy', { email: row.owner_email })}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'group_name',
        headerName: t('resellers.columns.group'),
        grid: { minWidth: 110 },
        render: (row) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.group_id === 1 ? 'secondary' : row.group_id === 2 ? 'primary' : 'default'}
            label={groupName({ id: row.group_id, name: row.group_name })}
            data-testid="account-group"
            data-group-id={row.group_id}
          />
        ),
      },
      {
        field: 'display_credits',
        headerName: t('resellers.columns.credits'),
        grid: { minWidth: 90 },
        align: 'right',
        render: (row) => (
          <Typography variant="subtitle2" data-testid="account-credits" data-credits={row.display_credits}>
            {number(row.display_credits)}
          </Typography>
        ),
      },
      {
        field: 'status',
        card: 'secondary',
        headerName: t('resellers.columns.status'),
        grid: { minWidth: 110 },
        render: (row) => <AccountStatusChip status={row.status} emailVerified={row.email_verified} />,
      },
      {
        field: 'last_sign_in_at',
        headerName: t('resellers.columns.lastSignIn'),
        grid: { minWidth: 150, flex: 1 },
        render: (row) => (
          <Typography
            variant="body2"
            sx={{ color: row.last_sign_in_at ? 'text.secondary' : 'text.secondary' }}
          >
            {row.last_sign_in_at
              ? formatDateTime(row.last_sign_in_at, i18n.resolvedLanguage)
              : t('resellers.never')}
          </Typography>
        ),
      },
      {
        field: 'lines_count',
        headerName: t('resellers.columns.lines'),
        grid: { minWidth: 70 },
        align: 'right',
        render: (row) => <span data-testid="account-lines">{number(row.lines_count)}</span>,
      },
      {
        field: 'actions',
        card: 'actions',
        headerName: t('common.actions'),
        grid: { width: 88 },
        align: 'right',
        render: (row) => <AccountActionsMenu account={row} actions={actions} onAction={onAction} />,
      },
    ];
    // The credits view leaves group, status and sign-ins to the management page.
    return view === 'credits' ? all.filter((column) => !managementOnly.has(column.field)) : all;
  }, [t, i18n.resolvedLanguage, showOwner, actions, onAction, groupName, view]);

  return (
    <ResponsivePagedGrid
      {...page}
      rows={accounts}
      columns={columns}
      getRowId={(account) => account.id}
      label={t('resellers.title')}
      testId="accounts-grid"
      rowTestId="account-row"
    />
  );
}
