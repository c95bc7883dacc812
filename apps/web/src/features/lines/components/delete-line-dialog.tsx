import type { Line, LineDeleteResult } from '@linedesk/shared';
import { useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useDeleteLine } from '../hooks/use-lines';

type DeleteLineDialogProps = {
  open: boolean;
  line: Line | null;
  onClose: () => void;
  /** `result.sync.ok` false: the line is gone from the panel, the server is told later (outbox). */
  onDeleted: (line: Line, result: LineDeleteResult | undefined) => void;
};

export function DeleteLineDialog({ open, line, onClose, onDeleted }: DeleteLineDialogProps) {
  const { t } = useTranslation();
  const mutation = useDeleteLine();
  const errorText = useErrorMessage();
  // DeleteDialog reports only which row went; keep the API's answer for the server-side outcome.
  const result = useRef<LineDeleteResult | undefined>(undefined);
  const withResult: typeof mutation = {
    ...mutation,
    mutate: (id, options) =>
      mutation.mutate(id, {
        ...options,
        onSuccess: (data, ...rest) => {
          result.current = data;
          options?.onSuccess?.(data, ...rest);
        },
      }),
  };
  return (
    <DeleteDialog
      open={open}
      item={line}
      idOf={(l) => l.id}
      title={t('lines.delete.title')}
      message={
        <Trans
          i18nKey="lines.delete.confirm"
          values={{ username: line?.username ?? '' }}
          components={{ strong: <strong /> }}
        />
      }
      mutation={withResult}
      errorText={errorText}
      errorTestId="delete-line-error"
      onClose={onClose}
      onDeleted={(deleted) => onDeleted(deleted, result.current)}
    />
  );
}
