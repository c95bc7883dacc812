import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
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
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={onSubmit} data-testid="server-form">
            {create.isError && (
              <Alert severity="error" sx={{ mb: 3 }} data-testid="server-form-error">
                {errorMessage(create.error)}
              </Alert>
            )}
            <ServerFormFields control={control} mode="create" />
            <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
              <Button variant="outlined" color="inherit" component={RouterLink} to={paths.serversManage}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={create.isPending}
                data-testid="server-form-submit"
              >
                {t('servers.add.submit')}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
