import type { Line, LineDeleteResult, LineWriteResult } from '@linedesk/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useUpdateLine } from './use-lines';
import { useSyncText } from './use-sync-text';

/**
 * What the line list and the line page both do with a line: tell how its change reached the server,
 * switch it on or off, and report its deletion. A line saved in the panel but not yet on its server
 * says so in a warning rather than the plain success text.
 */
export function useLineActions() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const syncText = useSyncText();
  const update = useUpdateLine();
  // Lines whose switch is on its way, so each row shows its own spinner.
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const reportSync = useCallback(
    (result: LineWriteResult, success: string) => {
      if (result.sync.ok) snackbar(success);
      else
        snackbar(
          result.sync.message
            ? syncText({ text: result.sync.message, code: result.sync.code, params: result.sync.params })
            : t('lines.sync.failing'),
          'warning',
        );
    },
    [snackbar, syncText, t],
  );

  const toggleEnabled = (line: Line) => {
    setToggling((ids) => new Set(ids).add(line.id));
    update.mutate(
      { id: line.id, body: { enabled: !line.enabled } },
      {
        onSuccess: (result) =>
          reportSync(
            result,
            result.line.enabled
              ? t('lines.list.enabled', { username: line.username })
              : t('lines.list.disabled', { username: line.username }),
          ),
        onError: (error) => snackbar(errorMessage(error), 'error'),
        onSettled: () =>
          setToggling((ids) => {
            const next = new Set(ids);
            next.delete(line.id);
            return next;
          }),
      },
    );
  };

  const reportDeleted = (line: Line, result: LineDeleteResult | undefined) => {
    if (result && !result.sync.ok && result.sync.message)
      snackbar(
        syncText({ text: result.sync.message, code: result.sync.code, params: result.sync.params }),
        'warning',
      );
    else snackbar(t('lines.list.deleted', { username: line.username }));
  };

  return { reportSync, toggleEnabled, toggling, reportDeleted };
}
