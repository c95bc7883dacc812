import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { messageBodySchema, type MessageBody, type NewMessage } from '@linedesk/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage, useValidationMessage } from '../../../i18n/use-error-message';
import { paths } from '../../../lib/paths';
import { RecipientField } from '../components/recipient-field';
import { useCreateMessage } from '../hooks/use-messages';

const defaults: MessageBody = { title: '', content: '', is_global: false, recipient_email: '' };

export function CreateMessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const create = useCreateMessage();
  // The API's own schema checks the form, so both refuse the same things with the same codes.
  const { control, handleSubmit } = useForm<MessageBody, unknown, NewMessage>({
    resolver: zodResolver(messageBodySchema),
    defaultValues: defaults,
  });
  const isGlobal = useWatch({ control, name: 'is_global' });

  const onSubmit = handleSubmit((values) => {
    const body: MessageBody = {
      title: values.title,
      content: values.content,
      is_global: values.is_global,
      ...(values.is_global ? {} : { recipient_email: values.recipient_email }),
    };
    create.mutate(body, {
      onSuccess: () => {
        snackbar(t('messages.create.success'));
        void navigate(paths.messages);
      },
    });
  });

  return (
    <>
      <PageHeading title={t('messages.create.title')} description={t('messages.create.subtitle')} />
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={onSubmit} data-testid="message-form">
            {create.isError && (
              <Alert severity="error" sx={{ mb: 3 }} data-testid="message-form-error">
                {errorMessage(create.error)}
              </Alert>
            )}
            <Stack sx={{ gap: 3 }}>
              <FormTextField
                control={control}
                name="title"
                label={t('messages.create.titleField')}
                required
              />
              <FormTextField
                control={control}
                name="content"
                label={t('messages.create.content')}
                required
                multiline
                minRows={5}
              />
              <Controller
                control={control}
                name="is_global"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value ?? false}
                        onChange={(event) => field.onChange(event.target.checked)}
                        slotProps={{ input: { 'data-testid': 'field-is_global' } as object }}
                      />
                    }
                    label={t('messages.create.global')}
                  />
                )}
              />
              {!isGlobal && (
                <Controller
                  control={control}
                  name="recipient_email"
                  render={({ field, fieldState }) => (
                    <RecipientField
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={validationMessage(fieldState.error?.message)}
                    />
                  )}
                />
              )}
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
              <Button variant="outlined" color="inherit" component={RouterLink} to={paths.messages}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={create.isPending}
                data-testid="message-form-submit"
              >
                {t('messages.create.submit')}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
