import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LINE_MOVE_GRACE_DEFAULT_HOURS,
  moveTargetRefusal,
  type LineBulkJob,
  type LineMoveBody,
  type MovingLine,
  type Server,
} from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useLineMovePreview, useStartLineMove } from '../hooks/use-line-bulk';
import { useAllServers } from '../hooks/use-lines';

/** Hours the old entry may be kept, offered in the dialog (0: removed once the target has the line). */
const GRACE_CHOICES = [0, 1, 6, LINE_MOVE_GRACE_DEFAULT_HOURS, 48, 72, 168];

/** The lines to move: ticked ones (with the server each is on), or every line of a server. */
export type MoveSource =
  { ids: number[]; serverIds: (number | null)[] } | { server: { id: number; name: string } };

type MoveServerDialogProps = {
  open: boolean;
  source: MoveSource;
  onClose: () => void;
  onStarted: (job: LineBulkJob) => void;
};

const asTarget = (server: Server) => ({
  id: server.id,
  status: server.status,
  protocol: server.protocol,
  backend: server.backend,
});

/**
 * Moving lines to another server (admins): the target among the servers that can take the lines
 * (`moveTargetRefusal`, the rule the server refuses a move by), how many lines
 * move and whether their customers' connection lines change, as the server previews it; then the
 * job starts and its progress shows like any bulk action's.
 */
export function MoveServerDialog({ open, source, onClose, onStarted }: MoveServerDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const servers = useAllServers(open);
  const [target, setTarget] = useState('');
  const [grace, setGrace] = useState(String(LINE_MOVE_GRACE_DEFAULT_HOURS));
  const start = useStartLineMove();
  // Only servers that can take every chosen line: same protocol and file, active, not theirs.
  const targets = useMemo(() => {
    const all = servers.data ?? [];
    const byId = new Map(all.map((server) => [server.id, server]));
    const serverIds = 'server' in source ? [source.server.id] : source.serverIds;
    const lines: MovingLine[] = serverIds.map((id) => {
      const on = id === null ? undefined : byId.get(id);
      return { serverId: id, protocol: on?.protocol ?? null, backend: on?.backend ?? null };
    });
    return all.filter((server) => moveTargetRefusal(asTarget(server), lines) === null);
  }, [servers.data, source]);

  const body = useMemo<LineMoveBody | null>(() => {
    if (!target) return null;
    return 'ids' in source
      ? { ids: source.ids, target_server_id: Number(target) }
      : { source_server_id: source.server.id, target_server_id: Number(target) };
  }, [source, target]);
  const preview = useLineMovePreview(open ? body : null);
  const data = body ? preview.data : undefined;
  const ready = Boolean(data && data.count > 0) && !preview.isFetching && !preview.isError;

  const reset = () => {
    setTarget('');
    setGrace(String(LINE_MOVE_GRACE_DEFAULT_HOURS));
    start.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={start.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="move-server-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="move-server-title">
        {'server' in source
          ? t('linesBulk.moveServer.titleAll', { server: source.server.name })
          : t('linesBulk.moveServer.title')}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2.5, pt: 1 }} data-testid="move-server-dialog">
          <TextField
            select
            label={t('linesBulk.moveServer.target')}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            disabled={start.isPending}
            helperText={t('linesBulk.moveServer.targetHelp')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'move-target-select' } as object } }}
          >
            {targets.map((server) => (
              <MenuItem key={server.id} value={String(server.id)} data-testid={`move-target-${server.id}`}>
                {server.server_name} ({server.protocol})
              </MenuItem>
            ))}
          </TextField>
          {servers.isSuccess && targets.length === 0 && (
            <Alert severity="info" data-testid="move-no-target">
              {t('linesBulk.moveServer.noTarget')}
            </Alert>
          )}
          <TextField
            select
            label={t('linesBulk.moveServer.grace')}
            value={grace}
            onChange={(event) => setGrace(event.target.value)}
            disabled={start.isPending}
            helperText={t('linesBulk.moveServer.graceHelp')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'move-grace-select' } as object } }}
          >
            {GRACE_CHOICES.map((hours) => (
              <MenuItem key={hours} value={String(hours)} data-testid={`move-grace-${hours}`}>
                {hours === 0
                  ? t('linesBulk.moveServer.graceNone')
                  : t('linesBulk.moveServer.graceHours', { count: hours })}
              </MenuItem>
            ))}
          </TextField>
          {data && !preview.isError && (
            <>
              <Typography variant="subtitle1" data-testid="move-preview-count" data-count={data.count}>
                {t('linesBulk.moveServer.count', { count: data.count })}
              </Typography>
              {data.refused > 0 && (
                <Alert severity="warning" data-testid="move-preview-refused">
                  {t('linesBulk.moveServer.refused', { count: data.refused })}
                </Alert>
              )}
              {data.count > 0 && (
                <Alert severity="info" data-testid="move-preview-address" data-changes={data.address_changes}>
                  {data.address_changes
                    ? t('linesBulk.moveServer.addressChanges')
                    : t('linesBulk.moveServer.addressSame')}
                </Alert>
              )}
            </>
          )}
          {preview.isError && body && (
            <Alert severity="error" data-testid="move-preview-error">
              {errorMessage(preview.error)}
            </Alert>
          )}
          {start.isError && (
            <Alert severity="error" data-testid="move-start-error">
              {errorMessage(start.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={start.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!ready}
          loading={start.isPending}
          onClick={() =>
            body &&
            start.mutate({ ...body, grace_hours: Number(grace) }, { onSuccess: (job) => onStarted(job) })
          }
          data-testid="move-confirm"
        >
          {t('linesBulk.moveServer.confirm', { count: data?.count ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
