import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormCard } from '../../../components/form-card';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { paths } from '../../../lib/paths';
import { TicketCategoryField, TicketPriorityField } from '../components/ticket-option-fields';
import { useCreateTicket } from '../hooks/use-tickets';
import { ticketFormSchema, type TicketFormValues } from '../lib/support-forms';
import { ticketPath } from '../lib/ticket-paths';

export function NewTicketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const create = useCreateTicket();
  const { control, handleSubmit } = useForm<TicketFormValues>({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: { title: '', description: '', priority: 'medium', category: 'general' },
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (ticket) => {
        snackbar(t('tickets.new.success', { id: ticket.id }));
        void navigate(ticketPath(ticket.id));
      },
    }),
  );

  return (
    <>
      <PageHeading title={t('tickets.new.title')} description={t('tickets.new.subtitle')} />
      <FormCard
        sx={{ maxWidth: 880 }}
        onSubmit={onSubmit}
        submitLabel={t('tickets.new.submit')}
        pending={create.isPending}
        errorText={create.isError ? errorMessage(create.error) : null}
        cancelTo={paths.tickets}
        formTestId="ticket-form"
        submitTestId="ticket-form-submit"
        errorTestId="ticket-form-error"
      >
        <Stack sx={{ gap: 3 }}>
          <FormTextField
            control={control}
            name="title"
            label={t('tickets.fields.title')}
            required
            autoFocus
          />
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TicketPriorityField control={control} name="priority" />
            <TicketCategoryField control={control} name="category" />
          </Box>
          <FormTextField
            control={control}
            name="description"
            label={t('tickets.fields.description')}
            required
            multiline
            minRows={6}
            helperText={t('tickets.new.descriptionHelp')}
          />
        </Stack>
      </FormCard>
    </>
  );
}
