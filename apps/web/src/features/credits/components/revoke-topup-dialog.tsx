import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { revokeTopUpBodySchema, type RevokeTopUpBody, type TopUpRequest } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useRevokeTopUp } from '../hooks/use-topups';

type RevokeTopUpDialogProps = {
  open: boolean;
  request: TopUpRequest | null;
  onClose: () => void;
  onRevoked: (request: TopUpRequest) => void;
};

/**
 * Undoing a manual approval: what is taken back from whom is said first, and the reason (sent to the
 * requester) is required. Credits already spent refuse it with the balance (`TOPUP_CREDITS_SPENT`).
 */
export function RevokeTopUpDialog({ open, request, onClose, onRevoked }: RevokeTopUpDialogProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const revoke = useRevokeTopUp();
  const { control, handleSubmit, reset } = useForm<RevokeTopUpBody>({
    resolver: zodResolver(revokeTopUpBodySchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (!request) return;
    revoke.mutate({ id: request.id, reason: values.reason }, { onSuccess: onRevoked });
  });

  return (
    <FormDialog
      open={open}
      title={t('payments.undo.title')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('payments.undo.confirm')}
      submitColor="error"
      pending={revoke.isPending}
      errorText={revoke.isError ? errorMessage(revoke.error) : null}
      onExited={() => {
        revoke.reset();
        reset({ reason: '' });
      }}
      formTestId="revoke-topup-form"
      submitTestId="revoke-topup-submit"
      errorTestId="revoke-topup-error"
    >
      {request && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="revoke-topup-text">
          {t('payments.undo.text', {
            count: request.credits,
            credits: formatNumber(request.credits, i18n.resolvedLanguage),
            email: request.account_email ?? '—',
          })}
        </Typography>
      )}
      <FormTextField
        control={control}
        name="reason"
        label={t('payments.undo.reason')}
        required
        multiline
        minRows={3}
        autoFocus
      />
    </FormDialog>
  );
}
