import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

type DeleteMutation<Id> = Pick<
  UseMutationResult<unknown, Error, Id>,
  'mutate' | 'reset' | 'isPending' | 'isError' | 'error'
>;

type DeleteDialogProps<Item, Id> = {
  open: boolean;
  item: Item | null;
  idOf: (item: Item) => Id;
  title: string;
  /** The confirmation sentence naming the item. */
  message: ReactNode;
  mutation: DeleteMutation<Id>;
  /** Turns the server's refusal into the translated text. */
  errorText: (error: unknown) => string;
  errorTestId: string;
  onClose: () => void;
  onDeleted: (item: Item) => void;
};

/** Asks before deleting one row and shows the server's refusal in place, e.g. a group that has users. */
export function DeleteDialog<Item, Id>(props: DeleteDialogProps<Item, Id>) {
  const { open, item, idOf, title, message, mutation, errorText, errorTestId, onClose, onDeleted } = props;
  const { t } = useTranslation();

  const close = () => {
    mutation.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={t('common.delete')}
      loading={mutation.isPending}
      onClose={close}
      onConfirm={() => {
        if (!item) return;
        mutation.mutate(idOf(item), {
          onSuccess: () => {
            mutation.reset();
            onDeleted(item);
          },
        });
      }}
      content={
        <Stack sx={{ gap: 2 }}>
          {mutation.isError && (
            <Alert severity="error" data-testid={errorTestId}>
              {errorText(mutation.error)}
            </Alert>
          )}
          <Typography>{message}</Typography>
        </Stack>
      }
    />
  );
}
