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
import { MAX_CREDIT_AMOUNT, type CreditOperationResult, type ManagedAccount } from '@linedesk/shared';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useChangeCredits, type CreditAction } from '../hooks/use-accounts';

type CreditsDialogProps = {
  open: boolean;
  action: CreditAction;
  account: ManagedAccount | null;
  /** The viewer's own balance: a transfer can never exceed it. */
  ownCredits: number;
  onClose: () => void;
  onDone: (result: CreditOperationResult, account: ManagedAccount) => void;
};

type Values = { amount: string; note: string };

/**
 * Add credits, set the balance or transfer part of one's own balance. Whole numbers only; the
 * server checks the same rules, these checks only spare a round trip.
 */
export function CreditsDialog({ open, action, account, ownCredits, onClose, onDone }: CreditsDialogProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const change = useChangeCredits();
  const number = (value: number) => formatNumber(value, i18n.resolvedLanguage);

  const schema = useMemo(
    () =>
      z.object({
        amount: z
          .string()
          .trim()
          .refine((value) => /^\d+$/.test(value), {
            error: action === 'set' ? 'CREDITS_NEGATIVE' : 'CREDITS_NOT_POSITIVE',
          })
          .refine((value) => action === 'set' || Number(value) > 0, { error: 'CREDITS_NOT_POSITIVE' })
          .refine((value) => Number(value) <= MAX_CREDIT_AMOUNT, { error: 'CREDITS_TOO_LARGE' })
          .refine((value) => action !== 'transfer' || Number(value) <= ownCredits, {
            error: t('resellers.credits.moreThanYouHave', {
              available: formatNumber(ownCredits, i18n.resolvedLanguage),
            }),
          }),
        note: z.string().trim().max(500, { error: 'TOO_LONG' }),
      }),
    [action, ownCredits, t, i18n.resolvedLanguage],
  );

  const { control, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', note: '' },
  });

  const onSubmit = handleSubmit((values) => {
    if (!account) return;
    change.mutate(
      { id: account.id, action, amount: Number(values.amount), note: values.note || undefined },
      { onSuccess: (result) => onDone(result, account) },
    );
  });

  return (
    <Dialog
      open={open}
      onClose={change.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="credits-dialog-title"
      slotProps={{
        transition: {
          onExited: () => {
            change.reset();
            reset({ amount: '', note: '' });
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="credits-dialog">
        <DialogTitle id="credits-dialog-title">{t(`resellers.credits.${action}Title`)}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {change.isError && (
              <Alert severity="error" data-testid="credits-dialog-error">
                {errorMessage(change.error)}
              </Alert>
            )}
            {account && (
              <Box sx={{ p: 2, borderRadius: 1.5, bgcolor: 'background.neutral' }}>
                <Typography variant="subtitle2" noWrap>
                  {account.email}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('resellers.credits.current', { credits: number(account.credits) })}
                </Typography>
                {action === 'transfer' && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="credits-own">
                    {t('resellers.credits.yours', { credits: number(ownCredits) })}
                  </Typography>
                )}
              </Box>
            )}
            <FormTextField
              control={control}
              name="amount"
              label={t(action === 'set' ? 'resellers.credits.newBalance' : 'resellers.credits.amount')}
              type="number"
              autoFocus
              helperText={t(`resellers.credits.${action}Help`)}
            />
            <FormTextField
              control={control}
              name="note"
              label={t('resellers.credits.note')}
              helperText={t('resellers.credits.noteHelp')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={change.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={change.isPending}
            data-testid="credits-dialog-submit"
          >
            {t(`resellers.credits.${action}Submit`)}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
