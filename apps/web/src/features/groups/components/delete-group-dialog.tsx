import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Group } from '@linedesk/shared';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useDeleteGroup } from '../hooks/use-groups';

type DeleteGroupDialogProps = {
  open: boolean;
  group: Group | null;
  onClose: () => void;
  onDeleted: (group: Group) => void;
};

export function DeleteGroupDialog({ open, group, onClose, onDeleted }: DeleteGroupDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const remove = useDeleteGroup();

  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('groups.deleteTitle')}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      onClose={close}
      onConfirm={() => {
        if (!group) return;
        remove.mutate(group.id, {
          onSuccess: () => {
            remove.reset();
            onDeleted(group);
          },
        });
      }}
      content={
        <Stack sx={{ gap: 2 }}>
          {remove.isError && (
            <Alert severity="error" data-testid="delete-group-error">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Typography>
            <Trans
              i18nKey="groups.deleteConfirm"
              values={{ name: group?.name ?? '' }}
              components={{ strong: <strong /> }}
            />
          </Typography>
        </Stack>
      }
    />
  );
}
