import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import TerminalIcon from '@mui/icons-material/Terminal';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { isOlderAgentVersion, type Server } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsiveTable } from '../../../components/responsive-list/responsive-table';
import { RowEditDeleteActions } from '../../../components/row-edit-delete-actions';
import { formatDateTime } from '../../../lib/format-date';
import { serverAdoptPath } from '../../../lib/paths';
import { ReconcileServerButton } from '../../lines/components/reconcile-server-button';
import { useServerMessage } from '../hooks/use-server-messages';
import { useAgentRelease } from '../hooks/use-servers';
import { ServerStatusChip } from './server-status-chip';

type ServersTableProps = {
  servers: Server[];
  /** Servers whose connection test is running. */
  testing: ReadonlySet<number>;
  onTest: (server: Server) => void;
  onEdit: (server: Server) => void;
  onInstall: (server: Server) => void;
  onDelete: (server: Server) => void;
  /** "Move all lines to…": every line of the server to another one. */
  onMoveLines: (server: Server) => void;
};

export function ServersTable({
  servers,
  testing,
  onTest,
  onEdit,
  onInstall,
  onDelete,
  onMoveLines,
}: ServersTableProps) {
  const { t, i18n } = useTranslation();
  const serverMessage = useServerMessage();
  const current = useAgentRelease().data?.version ?? null;
  const columns = useMemo<ListColumn<Server>[]>(
    () => [
      {
        field: 'name',
        headerName: t('servers.fields.serverName'),
        card: 'primary',
        cellSx: { minWidth: 140, maxWidth: 220 },
        render: (server) => (
          <>
            <Typography variant="subtitle2" data-testid="server-name" sx={{ wordBreak: 'break-word' }}>
              {server.server_name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="server-protocol">
              {server.protocol} · {server.username}
            </Typography>
          </>
        ),
      },
      {
        field: 'status',
        headerName: t('servers.fields.status'),
        card: 'secondary',
        render: (server) => <ServerStatusChip status={server.status} />,
      },
      {
        field: 'host',
        headerName: t('servers.fields.hostPort'),
        cellSx: { whiteSpace: 'nowrap' },
        render: (server) => (
          <>
            <Typography variant="body2" data-testid="server-host">
              {server.host_ip}:{server.port}
            </Typography>
            {server.hostname && (
              <Typography variant="caption" sx={{ display: 'block' }} data-testid="server-hostname">
                {t('servers.fields.hostname')}: {server.hostname}
              </Typography>
            )}
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('servers.fields.apiPort')}: <span data-testid="server-api-port">{server.api_port}</span>
              {server.use_tls && ` · ${t('servers.fields.tlsShort')}`}
            </Typography>
          </>
        ),
      },
      {
        field: 'version',
        headerName: t('servers.fields.version'),
        render: (server) => (
          <>
            <span data-testid="server-version">{server.version ?? '—'}</span>
            {isOlderAgentVersion(server.version, current) && (
              <Tooltip title={t('agentInstall.updateAvailableHint', { version: current })}>
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t('agentInstall.updateAvailable')}
                  onClick={() => onInstall(server)}
                  sx={{ ml: 1 }}
                  data-testid="server-update-available"
                />
              </Tooltip>
            )}
          </>
        ),
      },
      {
        field: 'lastConnection',
        headerName: t('servers.fields.lastConnection'),
        cellSx: { whiteSpace: 'nowrap', color: 'text.secondary' },
        render: (server) => (
          <span data-testid="server-last-connection">
            {server.last_connection
              ? formatDateTime(server.last_connection, i18n.resolvedLanguage)
              : t('servers.manage.never')}
          </span>
        ),
      },
      {
        field: 'lastError',
        headerName: t('servers.fields.lastError'),
        cellSx: { maxWidth: 150 },
        render: (server) => {
          const lastError = server.last_error ? serverMessage(server.last_error) : null;
          return lastError ? (
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
          );
        },
      },
      {
        field: 'actions',
        headerName: t('common.actions'),
        hideHeader: true,
        card: 'actions',
        align: 'right',
        cellSx: { whiteSpace: 'nowrap' },
        render: (server) => {
          const busy = testing.has(server.id);
          return (
            <>
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
              <Tooltip title={t('agentInstall.open')}>
                <IconButton
                  size="small"
                  onClick={() => onInstall(server)}
                  aria-label={t('agentInstall.openNamed', { name: server.server_name })}
                  data-testid="server-install-button"
                >
                  <TerminalIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('lineAdoption.card.open')}>
                <IconButton
                  size="small"
                  component={RouterLink}
                  to={serverAdoptPath(server.id)}
                  aria-label={t('lineAdoption.card.openNamed', { name: server.server_name })}
                  data-testid="server-adopt-button"
                >
                  <PersonAddAltIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('linesBulk.moveServer.allButton')}>
                <IconButton
                  size="small"
                  onClick={() => onMoveLines(server)}
                  aria-label={t('linesBulk.moveServer.titleAll', { server: server.server_name })}
                  data-testid="server-move-lines-button"
                >
                  <DriveFileMoveOutlinedIcon />
                </IconButton>
              </Tooltip>
              <RowEditDeleteActions
                size="small"
                onEdit={() => onEdit(server)}
                onDelete={() => onDelete(server)}
                editLabel={t('servers.manage.editNamed', { name: server.server_name })}
                deleteLabel={t('servers.manage.deleteNamed', { name: server.server_name })}
                testIdPrefix="server"
              />
            </>
          );
        },
      },
    ],
    [
      t,
      i18n.resolvedLanguage,
      serverMessage,
      current,
      testing,
      onTest,
      onEdit,
      onInstall,
      onDelete,
      onMoveLines,
    ],
  );
  return (
    <ResponsiveTable
      rows={servers}
      columns={columns}
      getRowId={(server) => server.id}
      label={t('servers.manage.title')}
      minWidth={840}
      rowProps={(server) => ({ testId: 'server-row', data: { 'server-id': server.id } })}
    />
  );
}
