import type { Line, LineDeleteResult, LineWriteResult } from '@linedesk/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useFreezeLine, useRestoreLine } from './use-line-freeze';
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
  const freeze = useFreezeLine();
  const restore = useRestoreLine();
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

  const settle = (id: number) =>
    setToggling((ids) => {
      const next = new Set(ids);
      next.delete(id);
      return next;
    });

  /** Freezes a running line, unfreezes a frozen one; the row shows its spinner meanwhile. */
  const toggleFrozen = (line: Line) => {
    setToggling((ids) => new Set(ids).add(line.id));
    freeze.mutate(line, {
      onSuccess: (result) =>
        reportSync(
          result,
          result.line.status === 'frozen'
            ? t('lines.list.frozen', { username: line.username })
            : t('lines.list.unfrozen', { username: line.username }),
        ),
      onError: (error) => snackbar(errorMessage(error), 'error'),
      onSettled: () => settle(line.id),
    });
  };

  /** Restores an archived line; the row shows its spinner meanwhile. */
  const restoreLine = (line: Line) => {
    setToggling((ids) => new Set(ids).add(line.id));
    restore.mutate(line.id, {
      onSuccess: (result) => reportSync(result, t('lines.list.restored', { username: line.username })),
      onError: (error) => snackbar(errorMessage(error), 'error'),
      onSettled: () => settle(line.id),
    });
  };

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
        onSettled: () => settle(line.id),
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

  return { reportSync, toggleEnabled, toggleFrozen, restoreLine, toggling, reportDeleted };
}
