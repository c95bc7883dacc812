import type { Group } from '@linedesk/shared';
import { Trans, useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
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
  const mutation = useDeleteGroup();
  const errorText = useErrorMessage();
  return (
    <DeleteDialog
      open={open}
      item={group}
      idOf={(g) => g.id}
      title={t('groups.deleteTitle')}
      message={
        <Trans
          i18nKey="groups.deleteConfirm"
          values={{ name: group?.name ?? '' }}
          components={{ strong: <strong /> }}
        />
      }
      mutation={mutation}
      errorText={errorText}
      errorTestId="delete-group-error"
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
