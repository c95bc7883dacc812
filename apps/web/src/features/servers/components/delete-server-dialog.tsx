import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Server } from '@linedesk/shared';
import { Trans, useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
  const errorMessage = useServerErrorMessage();
  const remove = useDeleteServer();

  const close = () => {
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('servers.manage.deleteTitle')}
      confirmLabel={t('common.delete')}
      loading={remove.isPending}
      onClose={close}
      onConfirm={() => {
        if (!server) return;
        remove.mutate(server.id, {
          onSuccess: () => {
            remove.reset();
            onDeleted(server);
          },
        });
      }}
      content={
        <Stack sx={{ gap: 2 }}>
          {remove.isError && (
            <Alert severity="error" data-testid="delete-server-error">
              {errorMessage(remove.error)}
            </Alert>
          )}
          <Typography>
            <Trans
              i18nKey="servers.manage.deleteConfirm"
              values={{ name: server?.server_name ?? '' }}
              components={{ strong: <strong /> }}
            />
          </Typography>
        </Stack>
      }
    />
  );
}
