import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Group } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { RowEditDeleteActions } from '../../../components/row-edit-delete-actions';
import { formatDate } from '../../../lib/format-date';
import { useGroupDescription, useGroupName } from '../hooks/use-group-name';

type GroupsTableProps = { groups: Group[]; onEdit: (group: Group) => void; onDelete: (group: Group) => void };

export function GroupsTable({ groups, onEdit, onDelete }: GroupsTableProps) {
  const { t, i18n } = useTranslation();
  const groupName = useGroupName();
  const groupDescription = useGroupDescription();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table sx={{ minWidth: 760 }} aria-label={t('groups.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('groups.name')}</TableCell>
            <TableCell>{t('groups.description')}</TableCell>
            <TableCell>{t('groups.permissions')}</TableCell>
            <TableCell align="center">{t('groups.members')}</TableCell>
            <TableCell>{t('groups.createdAt')}</TableCell>
            <TableCell align="right">
              <Box
                component="span"
                sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              >
                {t('common.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <TableRow key={group.id} hover data-testid="group-row" data-group-id={group.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="subtitle2" data-testid="group-name">
                    {groupName(group)}
                  </Typography>
                  {group.fixed && <Chip size="small" variant="outlined" label={t('groups.builtIn')} />}
                </Box>
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', maxWidth: 240 }}>{groupDescription(group)}</TableCell>
              <TableCell>
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
              </TableCell>
              <TableCell align="center" data-testid="group-member-count">
                {group.member_count}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDate(group.created_at, i18n.resolvedLanguage)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowEditDeleteActions
                  onEdit={() => onEdit(group)}
                  onDelete={() => onDelete(group)}
                  editLabel={t('groups.editNamed', { name: groupName(group) })}
                  deleteLabel={t('groups.deleteNamed', { name: groupName(group) })}
                  testIdPrefix="group"
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
