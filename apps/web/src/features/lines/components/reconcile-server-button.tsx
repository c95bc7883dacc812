import SyncAltIcon from '@mui/icons-material/SyncAlt';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { LineReconcileResult } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useReconcileServer } from '../hooks/use-lines';

type ReconcileServerButtonProps = { serverId: number; serverName: string; disabled?: boolean };

/**
 * Admins: compare the server's users with the panel's lines now and repair the differences (the panel
 * is the source of truth). Shown in the servers table.
 */
export function ReconcileServerButton({
  serverId,
  serverName,
  disabled = false,
}: ReconcileServerButtonProps) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const reconcile = useReconcileServer();
  // Users the reconcile would remove but held back (more than the panel removes without asking).
  const [held, setHeld] = useState(0);

  const run = (confirmRemovals: boolean) =>
    reconcile.mutate(
      { serverId, confirmRemovals },
      {
        onSuccess: (result: LineReconcileResult) => {
          setHeld(result.held);
          snackbar(
            t(result.failed > 0 ? 'lines.reconcile.doneWithFailures' : 'lines.reconcile.done', {
              name: serverName,
              added: result.added,
              updated: result.updated,
              removed: result.removed,
              failed: result.failed,
            }),
            result.failed > 0 ? 'warning' : 'success',
          );
        },
        onError: (error) => snackbar(errorMessage(error), 'error'),
      },
    );

  return (
    <>
      <ConfirmDialog
        open={held > 0}
        title={t('lines.reconcile.heldTitle', { name: serverName })}
        content={t('lines.reconcile.heldContent', { count: held, name: serverName })}
        confirmLabel={t('lines.reconcile.heldConfirm', { count: held })}
        loading={reconcile.isPending}
        onConfirm={() => run(true)}
        onClose={() => setHeld(0)}
      />
      <Tooltip title={t('lines.reconcile.action')}>
        <span>
          <IconButton
            size="small"
            color="primary"
            disabled={disabled || reconcile.isPending}
            aria-label={t('lines.reconcile.actionNamed', { name: serverName })}
            data-testid="server-reconcile-button"
            onClick={() => run(false)}
          >
            {reconcile.isPending ? <CircularProgress size={20} /> : <SyncAltIcon />}
          </IconButton>
        </span>
      </Tooltip>
    </>
  );
}
