import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PersonAddAltIcon from '@mui/icons-material/PersonAddAlt';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import TerminalIcon from '@mui/icons-material/Terminal';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { isOlderAgentVersion, type LineBulkJob, type Server } from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsiveTable } from '../../../components/responsive-list/responsive-table';
import { formatDateTime } from '../../../lib/format-date';
import { serverAdoptPath } from '../../../lib/paths';
import { useReconcileServerAction } from '../../lines/components/reconcile-server-action';
import { useServerMessage } from '../hooks/use-server-messages';
import { useAgentRelease } from '../hooks/use-servers';
import type { ServerRights } from '../lib/server-rights';
import { usePromoteStandbyAction } from './server-standby-promote';
import { ServerStatusChip } from './server-status-chip';

type ServersTableProps = {
  servers: Server[];
  /** The actions the account may take (`serverRights`); the others are not offered. */
  rights: ServerRights;
  /** Servers whose connection test is running. */
  testing: ReadonlySet<number>;
  onTest: (server: Server) => void;
  onEdit: (server: Server) => void;
  onInstall: (server: Server) => void;
  onDelete: (server: Server) => void;
  /** "Move all lines to…": every line of the server to another one. */
  onMoveLines: (server: Server) => void;
  /** Its answer rate and time, and its readers. */
  onEcmStats: (server: Server) => void;
  /** A promotion of a standby started: the move of the lines, as a bulk job to follow. */
  onPromoted: (job: LineBulkJob) => void;
};

export function ServersTable({
  servers,
  rights,
  testing,
  onTest,
  onEdit,
  onInstall,
  onDelete,
  onMoveLines,
  onEcmStats,
  onPromoted,
}: ServersTableProps) {
  const { t, i18n } = useTranslation();
  const serverMessage = useServerMessage();
  const current = useAgentRelease().data?.version ?? null;
  const reconcile = useReconcileServerAction();
  const reconcilingId = reconcile.pendingId;
  const [menu, setMenu] = useState<{ server: Server; anchor: HTMLElement | null } | null>(null);
  const promote = usePromoteStandbyAction(servers, onPromoted);
  /** Its standby's name, or the server it is the standby of (docs/standby.md). */
  const standbyLine = useMemo(() => {
    const byId = new Map(servers.map((server) => [server.id, server]));
    const primaryOf = new Map(
      servers.flatMap((server) => (server.standby_id === null ? [] : [[server.standby_id, server]])),
    );
    return (server: Server) => {
      const standby = server.standby_id === null ? undefined : byId.get(server.standby_id);
      // The server says when the standby serves (its check failed, or the outage watch has it down).
      if (standby && server.standby_serving) {
        return { text: t('serverStandby.serving', { name: standby.server_name }), warn: true };
      }
      if (standby) return { text: t('serverStandby.shown', { name: standby.server_name }), warn: false };
      const primary = primaryOf.get(server.id);
      return primary
        ? { text: t('serverStandby.standbyOf', { name: primary.server_name }), warn: false }
        : null;
    };
  }, [servers, t]);
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
            {standbyLine(server) && (
              <Typography
                variant="caption"
                sx={{
                  display: 'block',
                  color: standbyLine(server)!.warn ? 'warning.main' : 'text.secondary',
                }}
                data-testid="server-standby"
              >
                {standbyLine(server)!.text}
              </Typography>
            )}
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
            {rights.install && isOlderAgentVersion(server.version, current) && (
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
        // Date and time may take two lines: the actions need the room more.
        cellSx: { minWidth: 100, color: 'text.secondary' },
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
        // The two a server needs most, named; the rest by name in its menu.
        render: (server) => {
          const busy = testing.has(server.id) || reconcilingId === server.id;
          return (
            <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
              {rights.test && (
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onTest(server)}
                  disabled={testing.has(server.id)}
                  startIcon={testing.has(server.id) ? <CircularProgress size={16} /> : undefined}
                  aria-label={t('servers.manage.testNamed', { name: server.server_name })}
                  data-testid="server-test-button"
                >
                  {t('servers.manage.test')}
                </Button>
              )}
              {rights.edit && (
                <Button
                  size="small"
                  color="inherit"
                  onClick={() => onEdit(server)}
                  aria-label={t('servers.manage.editNamed', { name: server.server_name })}
                  data-testid="server-edit-button"
                >
                  {t('common.edit')}
                </Button>
              )}
              <Button
                size="small"
                color="inherit"
                endIcon={busy ? <CircularProgress size={16} /> : <ExpandMoreIcon />}
                aria-haspopup="menu"
                aria-expanded={menu?.server.id === server.id && Boolean(menu.anchor)}
                aria-label={t('servers.manage.moreNamed', { name: server.server_name })}
                onClick={(event) => setMenu({ server, anchor: event.currentTarget })}
                data-testid="server-actions-menu-button"
              >
                {t('servers.manage.more')}
              </Button>
            </Stack>
          );
        },
      },
    ],
    [
      t,
      i18n.resolvedLanguage,
      standbyLine,
      serverMessage,
      current,
      testing,
      reconcilingId,
      menu,
      onTest,
      onEdit,
      onInstall,
      rights,
    ],
  );
  const closeMenu = () => setMenu((open) => (open ? { ...open, anchor: null } : null));
  const act = (action: (server: Server) => void) => () => {
    if (!menu) return;
    closeMenu();
    action(menu.server);
  };
  return (
    <>
      <ResponsiveTable
        rows={servers}
        columns={columns}
        getRowId={(server) => server.id}
        label={t('servers.manage.title')}
        minWidth={840}
        rowProps={(server) => ({ testId: 'server-row', data: { 'server-id': server.id } })}
      />
      {reconcile.dialog}
      {promote.dialog}
      {menu && (
        <Menu anchorEl={menu.anchor} open={Boolean(menu.anchor)} onClose={closeMenu}>
          {rights.reconcile && (
            <MenuItem
              onClick={act((server) => reconcile.start({ id: server.id, name: server.server_name }))}
              disabled={reconcile.pendingId !== null}
              data-testid="server-reconcile-button"
            >
              <ListItemIcon>
                <SyncAltIcon fontSize="small" />
              </ListItemIcon>
              {t('lines.reconcile.action')}
            </MenuItem>
          )}
          {rights.ecm && (
            <MenuItem onClick={act(onEcmStats)} data-testid="server-ecm-button">
              <ListItemIcon>
                <InsightsOutlinedIcon fontSize="small" />
              </ListItemIcon>
              {t('ecmStats.open')}
            </MenuItem>
          )}
          {rights.install && (
            <MenuItem onClick={act(onInstall)} data-testid="server-install-button">
              <ListItemIcon>
                <TerminalIcon fontSize="small" />
              </ListItemIcon>
              {t('agentInstall.open')}
            </MenuItem>
          )}
          {rights.adopt && (
            <MenuItem
              component={RouterLink}
              to={serverAdoptPath(menu.server.id)}
              onClick={closeMenu}
              data-testid="server-adopt-button"
            >
              <ListItemIcon>
                <PersonAddAltIcon fontSize="small" />
              </ListItemIcon>
              {t('lineAdoption.card.open')}
            </MenuItem>
          )}
          {rights.moveLines && (
            <MenuItem onClick={act(onMoveLines)} data-testid="server-move-lines-button">
              <ListItemIcon>
                <DriveFileMoveOutlinedIcon fontSize="small" />
              </ListItemIcon>
              {t('linesBulk.moveServer.allButton')}
            </MenuItem>
          )}
          {rights.promote && menu.server.standby_id !== null && (
            <MenuItem onClick={act(promote.start)} data-testid="server-promote-standby-button">
              <ListItemIcon>
                <SwapVertIcon fontSize="small" />
              </ListItemIcon>
              {t('serverStandby.promote')}
            </MenuItem>
          )}
          {rights.delete && (
            <MenuItem onClick={act(onDelete)} sx={{ color: 'error.main' }} data-testid="server-delete-button">
              <ListItemIcon sx={{ color: 'inherit' }}>
                <DeleteOutlinedIcon fontSize="small" />
              </ListItemIcon>
              {t('common.delete')}
            </MenuItem>
          )}
        </Menu>
      )}
    </>
  );
}
