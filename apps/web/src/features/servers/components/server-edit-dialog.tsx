import { zodResolver } from '@hookform/resolvers/zod';
import type { Server } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { useUpdateServer } from '../hooks/use-servers';
import {
  serverFormDefaults,
  serverFormSchema,
  toServerBody,
  type ServerFormValues,
} from '../lib/server-form';
import { ServerFormFields } from './server-form-fields';
import { ServerStandbyField } from './server-standby-field';

const schema = serverFormSchema('edit');

type ServerEditDialogProps = {
  open: boolean;
  server: Server | null;
  /** Whether the account may set the server's standby (`serverRights`). */
  standby: boolean;
  onClose: () => void;
  onSaved: (server: Server) => void;
};

export function ServerEditDialog({ open, server, standby, onClose, onSaved }: ServerEditDialogProps) {
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
    <FormDialog
      open={open}
      title={t('servers.manage.editTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('common.saveChanges')}
      pending={update.isPending}
      errorText={update.isError ? errorMessage(update.error) : null}
      maxWidth="md"
      onExited={() => update.reset()}
      formTestId="server-edit-form"
      submitTestId="server-edit-submit"
      errorTestId="server-form-error"
    >
      <ServerFormFields control={control} mode="edit" />
      {server && standby && <ServerStandbyField key={server.id} server={server} />}
    </FormDialog>
  );
}
