import type { LineReconcileResult } from '@linedesk/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useReconcileServer } from '../hooks/use-lines';

type Target = { id: number; name: string };

/**
 * Admins: compare a server's users with the panel's lines now and repair the differences (the panel
 * is the source of truth). `start` runs it for a server (from its row's menu in the servers table);
 * `dialog` asks before removing more users than the panel removes without asking, and must be
 * rendered by the caller.
 */
export function useReconcileServerAction(): {
  start: (server: Target) => void;
  /** The server whose reconcile is running. */
  pendingId: number | null;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const reconcile = useReconcileServer();
  const [target, setTarget] = useState<Target | null>(null);
  // Users the reconcile would remove but held back (more than the panel removes without asking).
  const [held, setHeld] = useState(0);

  const run = (server: Target, confirmRemovals: boolean) => {
    setTarget(server);
    reconcile.mutate(
      { serverId: server.id, confirmRemovals },
      {
        onSuccess: (result: LineReconcileResult) => {
          setHeld(result.held);
          snackbar(
            t(result.failed > 0 ? 'lines.reconcile.doneWithFailures' : 'lines.reconcile.done', {
              name: server.name,
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
  };

  const name = target?.name ?? '';
  return {
    start: (server) => run(server, false),
    pendingId: reconcile.isPending ? (target?.id ?? null) : null,
    dialog: (
      <ConfirmDialog
        open={held > 0}
        title={t('lines.reconcile.heldTitle', { name })}
        content={t('lines.reconcile.heldContent', { count: held, name })}
        confirmLabel={t('lines.reconcile.heldConfirm', { count: held })}
        loading={reconcile.isPending}
        onConfirm={() => target && run(target, true)}
        onClose={() => setHeld(0)}
      />
    ),
  };
}
