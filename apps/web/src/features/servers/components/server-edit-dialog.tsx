import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Server } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { useUpdateServer } from '../hooks/use-servers';
import {
  serverFormDefaults,
  serverFormSchema,
  toServerBody,
  type ServerFormValues,
} from '../lib/server-form';
import { ServerFormFields } from './server-form-fields';

const schema = serverFormSchema('edit');

type ServerEditDialogProps = {
  open: boolean;
  server: Server | null;
  onClose: () => void;
  onSaved: (server: Server) => void;
};

export function ServerEditDialog({ open, server, onClose, onSaved }: ServerEditDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useServerErrorMessage();
  const update = useUpdateServer();
  const { control, handleSubmit } = useForm<ServerFormValues>({
    resolver: zodResolver(schema),
    values: serverFormDefaults(server),
    // A live refresh of the list must not wipe what the admin is typing.
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    if (!server) return;
    update.mutate({ id: server.id, body: toServerBody(values) }, { onSuccess: onSaved });
  });

  return (
    <Dialog
      open={open}
      onClose={update.isPending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="server-edit-title"
      slotProps={{ transition: { onExited: () => update.reset() } }}
    >
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="server-edit-form">
        <DialogTitle id="server-edit-title">{t('servers.manage.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {update.isError && (
              <Alert severity="error" data-testid="server-form-error">
                {errorMessage(update.error)}
              </Alert>
            )}
            <ServerFormFields control={control} mode="edit" />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            data-testid="server-edit-submit"
          >
            {t('common.saveChanges')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
