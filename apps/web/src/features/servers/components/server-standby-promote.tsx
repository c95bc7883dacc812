import type { LineBulkJob, Server } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { usePromoteServerStandby } from '../hooks/use-servers';

/**
 * "Promote standby": asks, then moves the server's lines onto its standby (a server move, followed as
 * a bulk action: `onStarted` gets the job, whose progress the page shows). Returns the dialog to
 * render and the function that opens it.
 */
export function usePromoteStandbyAction(servers: readonly Server[], onStarted: (job: LineBulkJob) => void) {
  const { t } = useTranslation();
  const errorMessage = useServerErrorMessage();
  const promote = usePromoteServerStandby();
  const [target, setTarget] = useState<Server | null>(null);
  const standby = target ? servers.find((server) => server.id === target.standby_id) : undefined;
  const close = () => {
    setTarget(null);
    promote.reset();
  };
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={t('serverStandby.promoteTitle', { name: standby?.server_name ?? '' })}
      content={
        <span data-testid="server-promote-text">
          {promote.isError ? errorMessage(promote.error) : t('serverStandby.promoteText')}
        </span>
      }
      confirmLabel={t('serverStandby.promote')}
      color="primary"
      loading={promote.isPending}
      onConfirm={() =>
        target &&
        promote.mutate(target.id, {
          onSuccess: (job) => {
            close();
            onStarted(job);
          },
        })
      }
      onClose={close}
    />
  );
  return { dialog, start: setTarget };
}
