import type { Line, LineBulkJob } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { BulkActionDialog } from '../../lines/components/bulk-action-dialog';
import { BulkJobDialog } from '../../lines/components/bulk-job-dialog';
import { RenewLineDialog } from '../../lines/components/renew-line-dialog';
import { useLineActions } from '../../lines/hooks/use-line-actions';
import { useRenewLine } from '../../lines/hooks/use-lines';

/** One line renewed in place, or the ticked lines handed to the bulk renewal. */
export type TodoRenewRequest = { kind: 'one'; line: Line } | { kind: 'bulk'; lines: Line[] };

type TodoRenewDialogsProps = {
  request: TodoRenewRequest | null;
  onClose: () => void;
  /** After a bulk renewal started: the ticks are spent. */
  onBulkStarted: () => void;
};

/**
 * The lines grid's own renewal confirmations, from the dashboard's to-do list: the single renewal
 * with its duration, price and new expiry, and the bulk renewal's server-computed preview and
 * progress. Loaded on the first click (with the lines' texts), so the dashboard's first download
 * carries neither the dialogs nor the contracts' schemas they read with.
 */
export function TodoRenewDialogs({ request, onClose, onBulkStarted }: TodoRenewDialogsProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const renew = useRenewLine();
  const { reportSync } = useLineActions();
  const [job, setJob] = useState<{ open: boolean; started: LineBulkJob | null }>({
    open: false,
    started: null,
  });
  // Kept while a dialog closes, so its content does not empty during the closing transition.
  const [shown, setShown] = useState(request);
  if (request && request !== shown) setShown(request);

  const close = () => {
    renew.reset();
    onClose();
  };
  const confirmRenew = (months: number, planId?: number) => {
    if (request?.kind !== 'one') return;
    const line = request.line;
    renew.mutate(
      { id: line.id, months, planId },
      {
        onSuccess: (result) => {
          onClose();
          reportSync(result, t('lines.list.renewed', { username: line.username }));
        },
      },
    );
  };

  return (
    <>
      <RenewLineDialog
        open={request?.kind === 'one'}
        lines={shown?.kind === 'one' ? [shown.line] : []}
        loading={renew.isPending}
        error={renew.isError ? errorMessage(renew.error) : null}
        onClose={close}
        onConfirm={confirmRenew}
      />
      <BulkActionDialog
        open={request?.kind === 'bulk'}
        action="renew"
        selection={{ ids: shown?.kind === 'bulk' ? shown.lines.map((line) => line.id) : [] }}
        onClose={close}
        onStarted={(started) => {
          onClose();
          onBulkStarted();
          setJob({ open: true, started });
        }}
      />
      <BulkJobDialog
        started={job.started}
        open={job.open}
        onClose={() => setJob((state) => ({ ...state, open: false }))}
      />
    </>
  );
}
