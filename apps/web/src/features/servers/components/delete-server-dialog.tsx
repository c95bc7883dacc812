import type { Server } from '@linedesk/shared';
import { Trans, useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { useDeleteServer } from '../hooks/use-servers';

type DeleteServerDialogProps = {
  open: boolean;
  server: Server | null;
  onClose: () => void;
  onDeleted: (server: Server) => void;
};

export function DeleteServerDialog({ open, server, onClose, onDeleted }: DeleteServerDialogProps) {
  const { t } = useTranslation();
  const mutation = useDeleteServer();
  const errorText = useServerErrorMessage();
  return (
    <DeleteDialog
      open={open}
      item={server}
      idOf={(s) => s.id}
      title={t('servers.manage.deleteTitle')}
      message={
        <Trans
          i18nKey="servers.manage.deleteConfirm"
          values={{ name: server?.server_name ?? '' }}
          components={{ strong: <strong /> }}
        />
      }
      mutation={mutation}
      errorText={errorText}
      errorTestId="delete-server-error"
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
