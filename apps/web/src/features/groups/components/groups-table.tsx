import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Group } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';

type GroupsTableProps = { groups: Group[]; onEdit: (group: Group) => void; onDelete: (group: Group) => void };

export function GroupsTable({ groups, onEdit, onDelete }: GroupsTableProps) {
  const { t, i18n } = useTranslation();
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
                    {group.name}
                  </Typography>
                  {group.fixed && <Chip size="small" variant="outlined" label={t('groups.builtIn')} />}
                </Box>
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', maxWidth: 240 }}>
                {group.description || '—'}
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {group.permissions.length === 0 && (
                    <Typography variant="body2" sx={{ color: 'text.disabled' }}>
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
                <Tooltip title={t('common.edit')}>
                  <IconButton
                    onClick={() => onEdit(group)}
                    aria-label={t('groups.editNamed', { name: group.name })}
                    data-testid="group-edit-button"
                  >
                    <EditOutlinedIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('common.delete')}>
                  <IconButton
                    color="error"
                    onClick={() => onDelete(group)}
                    aria-label={t('groups.deleteNamed', { name: group.name })}
                    data-testid="group-delete-button"
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
