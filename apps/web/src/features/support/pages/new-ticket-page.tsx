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
import { FormTextField } from '../../../components/form/form-text-field';
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
      <Card sx={{ maxWidth: 880 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={onSubmit} data-testid="ticket-form">
            {create.isError && (
              <Alert severity="error" sx={{ mb: 3 }} data-testid="ticket-form-error">
                {errorMessage(create.error)}
              </Alert>
            )}
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
            <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
              <Button variant="outlined" color="inherit" component={RouterLink} to={paths.tickets}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={create.isPending}
                data-testid="ticket-form-submit"
              >
                {t('tickets.new.submit')}
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
