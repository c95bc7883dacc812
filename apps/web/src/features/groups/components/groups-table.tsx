import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Group } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsiveTable } from '../../../components/responsive-list/responsive-table';
import { RowEditDeleteActions } from '../../../components/row-edit-delete-actions';
import { formatDate } from '../../../lib/format-date';
import { useGroupDescription, useGroupName } from '../hooks/use-group-name';

type GroupsTableProps = {
  groups: Group[];
  onEdit: (group: Group) => void;
  onDelete: (group: Group) => void;
  /** The group's price list: what its accounts pay as a tier. */
  onPrices: (group: Group) => void;
};

export function GroupsTable({ groups, onEdit, onDelete, onPrices }: GroupsTableProps) {
  const { t, i18n } = useTranslation();
  const groupName = useGroupName();
  const groupDescription = useGroupDescription();
  const columns = useMemo<ListColumn<Group>[]>(
    () => [
      {
        field: 'name',
        headerName: t('groups.name'),
        card: 'primary',
        cellSx: { whiteSpace: 'nowrap' },
        render: (group) => (
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography variant="subtitle2" data-testid="group-name">
              {groupName(group)}
            </Typography>
            {group.fixed && <Chip size="small" variant="outlined" label={t('groups.builtIn')} />}
          </Box>
        ),
      },
      {
        field: 'description',
        headerName: t('groups.description'),
        cellSx: { color: 'text.secondary', maxWidth: 240 },
        render: (group) => groupDescription(group),
      },
      {
        field: 'permissions',
        headerName: t('groups.permissions'),
        render: (group) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {group.permissions.length === 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('groups.noPermissions')}
              </Typography>
            )}
            {group.permissions.map((permission) => (
              <Chip
                key={permission}
                size="small"
                color="primary"
                variant="outlined"
                label={t(`permissions.${permission}`)}
                data-permission={permission}
              />
            ))}
          </Box>
        ),
      },
      {
        field: 'members',
        headerName: t('groups.members'),
        align: 'center',
        render: (group) => <span data-testid="group-member-count">{group.member_count}</span>,
      },
      {
        field: 'createdAt',
        headerName: t('groups.createdAt'),
        cellSx: { whiteSpace: 'nowrap', color: 'text.secondary' },
        render: (group) => formatDate(group.created_at, i18n.resolvedLanguage),
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        hideHeader: true,
        card: 'actions',
        align: 'right',
        cellSx: { whiteSpace: 'nowrap' },
        render: (group) => (
          <>
            <Tooltip title={t('tierPrices.button')}>
              <IconButton
                onClick={() => onPrices(group)}
                aria-label={t('tierPrices.named', { name: groupName(group) })}
                data-testid="group-prices-button"
              >
                <SellOutlinedIcon />
              </IconButton>
            </Tooltip>
            <RowEditDeleteActions
              onEdit={() => onEdit(group)}
              onDelete={() => onDelete(group)}
              editLabel={t('groups.editNamed', { name: groupName(group) })}
              deleteLabel={t('groups.deleteNamed', { name: groupName(group) })}
              testIdPrefix="group"
            />
          </>
        ),
      },
    ],
    [t, i18n.resolvedLanguage, groupName, groupDescription, onEdit, onDelete, onPrices],
  );
  return (
    <ResponsiveTable
      rows={groups}
      columns={columns}
      getRowId={(group) => group.id}
      label={t('groups.title')}
      minWidth={760}
      rowProps={(group) => ({ testId: 'group-row', data: { 'group-id': group.id } })}
    />
  );
}
