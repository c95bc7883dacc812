import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormCard } from '../../../components/form-card';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSendContactMessage } from '../hooks/use-contact';
import { contactMessageFormSchema, type ContactMessageFormValues } from '../lib/support-forms';
import { ticketPath } from '../lib/ticket-paths';
import { TicketCategoryField } from './ticket-option-fields';

/** The short form: it opens a ticket for the user and takes them to it. */
export function ContactMessageForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const send = useSendContactMessage();
  const { control, handleSubmit } = useForm<ContactMessageFormValues>({
    resolver: zodResolver(contactMessageFormSchema),
    defaultValues: { subject: '', message: '', category: 'general' },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (ticket) => {
        snackbar(t('contact.sent', { id: ticket.id }));
        void navigate(ticketPath(ticket.id));
      },
    }),
  );

  return (
    <FormCard
      title={t('contact.formTitle')}
      subheader={t('contact.formText')}
      onSubmit={onSubmit}
      submitLabel={t('contact.send')}
      submitEndIcon={<SendIcon />}
      pending={send.isPending}
      errorText={send.isError ? errorMessage(send.error) : null}
      formTestId="contact-form"
      submitTestId="contact-form-submit"
      errorTestId="contact-form-error"
    >
      <Stack sx={{ gap: 3 }}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          <FormTextField control={control} name="subject" label={t('contact.subject')} required />
          <TicketCategoryField control={control} name="category" />
        </Box>
        <FormTextField
          control={control}
          name="message"
          label={t('contact.message')}
          required
          multiline
          minRows={5}
        />
      </Stack>
    </FormCard>
  );
}
