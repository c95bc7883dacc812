import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Server } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { RowEditDeleteActions } from '../../../components/row-edit-delete-actions';
import { formatDateTime } from '../../../lib/format-date';
import { ReconcileServerButton } from '../../lines/components/reconcile-server-button';
import { useServerMessage } from '../hooks/use-server-messages';
import { ServerStatusChip } from './server-status-chip';

type ServersTableProps = {
  servers: Server[];
  /** Servers whose connection test is running. */
  testing: ReadonlySet<number>;
  onTest: (server: Server) => void;
  onEdit: (server: Server) => void;
  onDelete: (server: Server) => void;
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

export function ServersTable({ servers, testing, onTest, onEdit, onDelete }: ServersTableProps) {
  const { t, i18n } = useTranslation();
  const serverMessage = useServerMessage();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table sx={{ minWidth: 840 }} aria-label={t('servers.manage.title')}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>{t('servers.fields.serverName')}</TableCell>
            <TableCell>{t('servers.fields.status')}</TableCell>
            <TableCell>{t('servers.fields.hostPort')}</TableCell>
            <TableCell>{t('servers.fields.version')}</TableCell>
            <TableCell>{t('servers.fields.lastConnection')}</TableCell>
            <TableCell>{t('servers.fields.lastError')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('common.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {servers.map((server) => {
            const busy = testing.has(server.id);
            const lastError = server.last_error ? serverMessage(server.last_error) : null;
            return (
              <TableRow key={server.id} hover data-testid="server-row" data-server-id={server.id}>
                <TableCell sx={{ minWidth: 140, maxWidth: 220 }}>
                  <Typography variant="subtitle2" data-testid="server-name" sx={{ wordBreak: 'break-word' }}>
                    {server.server_name}
                  </Typography>
                  <Typography
                    variant="caption"
                    sx={{ color: 'text.secondary' }}
                    data-testid="server-protocol"
                  >
                    {server.protocol} · {server.username}
                  </Typography>
                </TableCell>
                <TableCell>
                  <ServerStatusChip status={server.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Typography variant="body2" data-testid="server-host">
                    {server.host_ip}:{server.port}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('servers.fields.apiPort')}:{' '}
                    <span data-testid="server-api-port">{server.api_port}</span>
                    {server.use_tls && ` · ${t('servers.fields.tlsShort')}`}
                  </Typography>
                </TableCell>
                <TableCell data-testid="server-version">{server.version ?? '—'}</TableCell>
                <TableCell
                  sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}
                  data-testid="server-last-connection"
                >
                  {server.last_connection
                    ? formatDateTime(server.last_connection, i18n.resolvedLanguage)
                    : t('servers.manage.never')}
                </TableCell>
                <TableCell sx={{ maxWidth: 150 }}>
                  {lastError ? (
                    <Tooltip title={lastError}>
                      <Typography
                        variant="body2"
                        data-testid="server-last-error"
                        sx={{
                          color: 'error.main',
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {lastError}
                      </Typography>
                    </Tooltip>
                  ) : (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      —
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <ReconcileServerButton serverId={server.id} serverName={server.server_name} />
                  <Tooltip title={t('servers.manage.testNow')}>
                    <span>
                      <IconButton
                        size="small"
                        color="primary"
                        onClick={() => onTest(server)}
                        disabled={busy}
                        aria-label={t('servers.manage.testNamed', { name: server.server_name })}
                        data-testid="server-test-button"
                      >
                        {busy ? <CircularProgress size={20} /> : <NetworkCheckIcon />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <RowEditDeleteActions
                    size="small"
                    onEdit={() => onEdit(server)}
                    onDelete={() => onDelete(server)}
                    editLabel={t('servers.manage.editNamed', { name: server.server_name })}
                    deleteLabel={t('servers.manage.deleteNamed', { name: server.server_name })}
                    testIdPrefix="server"
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
