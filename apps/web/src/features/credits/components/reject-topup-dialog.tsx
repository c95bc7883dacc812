import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { rejectTopUpBodySchema, type RejectTopUpBody, type TopUpRequest } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useDecideTopUp } from '../hooks/use-topups';

type RejectTopUpDialogProps = {
  open: boolean;
  request: TopUpRequest | null;
  onClose: () => void;
  onRejected: (request: TopUpRequest) => void;
};

/** The reason goes to the requester in the rejection message, so it is required. */
export function RejectTopUpDialog({ open, request, onClose, onRejected }: RejectTopUpDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const decide = useDecideTopUp();
  const { control, handleSubmit, reset } = useForm<RejectTopUpBody>({
    resolver: zodResolver(rejectTopUpBodySchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (!request) return;
    decide.mutate({ id: request.id, approve: false, reason: values.reason }, { onSuccess: onRejected });
  });

  return (
    <FormDialog
      open={open}
      title={t('credits.topups.rejectTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('credits.topups.reject')}
      submitColor="error"
      pending={decide.isPending}
      errorText={decide.isError ? errorMessage(decide.error) : null}
      onExited={() => {
        decide.reset();
        reset({ reason: '' });
      }}
      formTestId="reject-topup-form"
      submitTestId="reject-topup-submit"
      errorTestId="reject-topup-error"
    >
      {request && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('credits.topups.rejectText', {
            email: request.account_email ?? '—',
            name: request.package_name,
            reference: request.payment_reference ?? request.reference_code ?? '—',
          })}
        </Typography>
      )}
      <FormTextField
        control={control}
        name="reason"
        label={t('credits.topups.reason')}
        required
        multiline
        minRows={3}
        autoFocus
      />
    </FormDialog>
  );
}
