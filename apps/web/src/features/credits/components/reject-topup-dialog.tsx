import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rejectTopUpBodySchema, type RejectTopUpBody, type TopUpRequest } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
    <Dialog
      open={open}
      onClose={decide.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reject-topup-title"
      slotProps={{
        transition: {
          onExited: () => {
            decide.reset();
            reset({ reason: '' });
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="reject-topup-form">
        <DialogTitle id="reject-topup-title">{t('credits.topups.rejectTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {decide.isError && (
              <Alert severity="error" data-testid="reject-topup-error">
                {errorMessage(decide.error)}
              </Alert>
            )}
            {request && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('credits.topups.rejectText', {
                  email: request.account_email ?? '—',
                  name: request.package_name,
                  reference: request.payment_reference,
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={decide.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            loading={decide.isPending}
            data-testid="reject-topup-submit"
          >
            {t('credits.topups.reject')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
