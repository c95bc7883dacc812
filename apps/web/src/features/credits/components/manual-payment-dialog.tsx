import AttachFileIcon from '@mui/icons-material/AttachFile';
import CancelIcon from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPrice, TICKET_ATTACHMENT_ACCEPT, type ErrorCode, type TopUpRequest } from '@linedesk/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage, useValidationMessage } from '../../../i18n/use-error-message';
import { checkAttachment, formatFileSize } from '../../support/lib/attachment-file';
import { CopyValueButton } from './copy-value-button';
import { PaymentInstructions } from './payment-instructions';
import { useSubmitTopUpPayment } from '../hooks/use-topups';

type ManualPaymentDialogProps = {
  /** A request awaiting its payment; null = closed. */
  request: TopUpRequest | null;
  onClose: () => void;
};

/**
 * How to pay a request made with a manual method (the amount, our reference, the method's
 * instructions), then the requester's own reference and the proof, which make it pending.
 */
export function ManualPaymentDialog({ request, onClose }: ManualPaymentDialogProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const codeText = useValidationMessage();
  const submit = useSubmitTopUpPayment();
  const fileInput = useRef<HTMLInputElement>(null);
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  /** A refusal found before sending, as its error code. */
  const [problem, setProblem] = useState<ErrorCode | null>(null);
  const language = i18n.resolvedLanguage;

  const reset = () => {
    setReference('');
    setFile(null);
    setProblem(null);
    submit.reset();
  };

  const pickFile = (picked: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!picked) return;
    const wrong = checkAttachment(picked);
    if (wrong) {
      setProblem(wrong === 'too-large' ? 'ATTACHMENT_TOO_LARGE' : 'ATTACHMENT_TYPE_NOT_ALLOWED');
      return;
    }
    setProblem(null);
    setFile(picked);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!request) return;
    submit.reset();
    if (reference.trim() === '') return setProblem('PAYMENT_REFERENCE_REQUIRED');
    if (request.proof_required && !file) return setProblem('PAYMENT_PROOF_REQUIRED');
    setProblem(null);
    submit.mutate(
      { id: request.id, input: { payment_reference: reference.trim(), file } },
      {
        onSuccess: () => {
          snackbar(t('credits.payments.submitted'));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      open={request !== null}
      title={t('credits.payments.payTitle', { method: request?.method_name ?? '' })}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('credits.payments.submit')}
      pending={submit.isPending}
      errorText={submit.isError ? errorMessage(submit.error) : (codeText(problem ?? undefined) ?? null)}
      onExited={reset}
      formTestId="manual-payment-form"
      submitTestId="manual-payment-submit"
      errorTestId="manual-payment-error"
    >
      {request && (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              p: 2,
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            <Box>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('credits.payments.amount')}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Typography variant="h5" data-testid="payment-amount">
                  {formatPrice(request.amount_cents, request.currency, language)}
                </Typography>
                <CopyValueButton
                  // The number alone, as a banking form or a wallet takes it.
                  value={(request.amount_cents / 100).toFixed(2)}
                  label={t('payments.copy.amount')}
                  testId="payment-amount-copy"
                />
              </Box>
              {request.fee_cents > 0 && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }} data-testid="payment-fee">
                  {t('credits.payments.feeIncluded', {
                    fee: formatPrice(request.fee_cents, request.currency, language),
                  })}
                </Typography>
              )}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('credits.payments.ourReference')}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Typography
                  variant="h5"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                  data-testid="payment-reference-code"
                >
                  {request.reference_code}
                </Typography>
                {request.reference_code && (
                  <CopyValueButton
                    value={request.reference_code}
                    label={t('payments.copy.reference')}
                    testId="payment-reference-copy"
                  />
                )}
              </Box>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('credits.payments.ourReferenceHelp')}
              </Typography>
            </Box>
          </Box>
          <PaymentInstructions request={request} />
          <TextField
            label={t('credits.payments.yourReference')}
            // What the payer has to name differs by the kind of payment: a transfer's id, a crypto hash.
            helperText={t(`payments.referenceHelp.${request.channel ?? 'other'}`)}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            required
            fullWidth
            autoComplete="off"
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'field-payment_reference', maxLength: 200 },
            }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept={TICKET_ATTACHMENT_ACCEPT}
              onChange={(event) => pickFile(event.target.files?.[0])}
              data-testid="payment-proof-input"
            />
            <Button
              variant="outlined"
              color="inherit"
              size="small"
              startIcon={<AttachFileIcon />}
              onClick={() => fileInput.current?.click()}
              disabled={submit.isPending}
              data-testid="payment-proof-button"
            >
              {request.proof_required ? t('credits.payments.attachRequired') : t('credits.payments.attach')}
            </Button>
            {file && (
              <Chip
                label={`${file.name} · ${formatFileSize(file.size, language)}`}
                onDelete={() => setFile(null)}
                deleteIcon={<CancelIcon aria-label={t('credits.payments.removeProof')} />}
                data-testid="payment-proof-chosen"
                sx={{ maxWidth: '100%' }}
              />
            )}
          </Box>
          <Alert severity="info" variant="outlined">
            {t('credits.payments.afterSubmit')}
          </Alert>
        </>
      )}
    </FormDialog>
  );
}
