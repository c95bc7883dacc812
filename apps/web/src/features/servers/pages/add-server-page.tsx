import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormCard } from '../../../components/form-card';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { paths } from '../../../lib/paths';
import { ServerFormFields } from '../components/server-form-fields';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { useCreateServer } from '../hooks/use-servers';
import {
  serverFormDefaults,
  serverFormSchema,
  toServerBody,
  type ServerFormValues,
} from '../lib/server-form';

const schema = serverFormSchema('create');

export function AddServerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const errorMessage = useServerErrorMessage();
  const create = useCreateServer();
  const { control, handleSubmit } = useForm<ServerFormValues>({
    resolver: zodResolver(schema),
    defaultValues: serverFormDefaults(),
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(toServerBody(values), {
      onSuccess: (server) => {
        snackbar(t('servers.add.success', { name: server.server_name }));
        void navigate(paths.serversManage);
      },
    }),
  );

  return (
    <>
      <PageHeading title={t('servers.add.title')} description={t('servers.add.subtitle')} />
      <FormCard
        onSubmit={onSubmit}
        submitLabel={t('servers.add.submit')}
        pending={create.isPending}
        errorText={create.isError ? errorMessage(create.error) : null}
        cancelTo={paths.serversManage}
        formTestId="server-form"
        submitTestId="server-form-submit"
        errorTestId="server-form-error"
      >
        <ServerFormFields control={control} mode="create" />
      </FormCard>
    </>
  );
}
