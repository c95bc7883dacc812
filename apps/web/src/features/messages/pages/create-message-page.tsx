import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { messageBodySchema, type MessageBody, type NewMessage } from '@linedesk/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormCard } from '../../../components/form-card';
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
      <FormCard
        onSubmit={onSubmit}
        submitLabel={t('messages.create.submit')}
        pending={create.isPending}
        errorText={create.isError ? errorMessage(create.error) : null}
        cancelTo={paths.messages}
        formTestId="message-form"
        submitTestId="message-form-submit"
        errorTestId="message-form-error"
      >
        <Stack sx={{ gap: 3 }}>
          <FormTextField control={control} name="title" label={t('messages.create.titleField')} required />
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
      </FormCard>
    </>
  );
}
