import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
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
    <Card>
      <CardHeader title={t('contact.formTitle')} subheader={t('contact.formText')} />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} data-testid="contact-form">
          <Stack sx={{ gap: 3 }}>
            {send.isError && (
              <Alert severity="error" data-testid="contact-form-error">
                {errorMessage(send.error)}
              </Alert>
            )}
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
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                endIcon={<SendIcon />}
                loading={send.isPending}
                data-testid="contact-form-submit"
              >
                {t('contact.send')}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
