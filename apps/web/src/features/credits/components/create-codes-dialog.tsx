import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { MAX_CREDIT_AMOUNT, MAX_REDEEM_BATCH, type CreatedRedeemCode } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useCreateRedeemCodes } from '../hooks/use-redeem';
import { endOfDayIso, todayInputValue } from '../lib/expiry-date';

const wholeNumber = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, { error });

const MAX_USES = 1_000_000;

/** Messages are error codes where one exists, else texts already translated (`t`). */
function makeSchema(t: TFunction) {
  return z.object({
    credits: wholeNumber(1, MAX_CREDIT_AMOUNT, 'CREDITS_NOT_POSITIVE'),
    count: wholeNumber(1, MAX_REDEEM_BATCH, t('credits.codes.countRange', { max: MAX_REDEEM_BATCH })),
    max_uses: wholeNumber(1, MAX_USES, t('credits.codes.maxUsesRange', { max: MAX_USES })),
    /** YYYY-MM-DD from the date input; empty = never expires. */
    expires_on: z.string().refine((value) => value === '' || value >= todayInputValue(), {
      error: 'EXPIRY_IN_PAST',
    }),
    description: z.string().trim().max(500, { error: 'TOO_LONG' }),
  });
}
type Values = z.infer<ReturnType<typeof makeSchema>>;

const defaults: Values = { credits: '', count: '1', max_uses: '1', expires_on: '', description: '' };

type CreateCodesDialogProps = {
  open: boolean;
  onClose: () => void;
  onCreated: (codes: CreatedRedeemCode[]) => void;
};

/** One code or a batch; the server answers with the full codes, which are shown once afterwards. */
export function CreateCodesDialog({ open, onClose, onCreated }: CreateCodesDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const create = useCreateRedeemCodes();
  const schema = useMemo(() => makeSchema(t), [t]);
  const { control, handleSubmit, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      {
        credits: Number(values.credits),
        count: Number(values.count),
        max_uses: Number(values.max_uses),
        expires_at: values.expires_on ? endOfDayIso(values.expires_on) : null,
        description: values.description || null,
      },
      { onSuccess: (result) => onCreated(result.items) },
    ),
  );

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-codes-title"
      slotProps={{
        transition: {
          onExited: () => {
            create.reset();
            reset(defaults);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="create-codes-form">
        <DialogTitle id="create-codes-title">{t('credits.codes.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {create.isError && (
              <Alert severity="error" data-testid="create-codes-error">
                {errorMessage(create.error)}
              </Alert>
            )}
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <FormTextField
                control={control}
                name="credits"
                label={t('credits.codes.credits')}
                type="number"
                required
                autoFocus
              />
              <FormTextField
                control={control}
                name="count"
                label={t('credits.codes.count')}
                type="number"
                helperText={t('credits.codes.countHelp', { max: MAX_REDEEM_BATCH })}
              />
              <FormTextField
                control={control}
                name="max_uses"
                label={t('credits.codes.maxUses')}
                type="number"
                helperText={t('credits.codes.maxUsesHelp')}
              />
            </Box>
            <FormTextField
              control={control}
              name="expires_on"
              label={t('credits.codes.expiresOn')}
              type="date"
              helperText={t('credits.codes.expiresHelp')}
            />
            <FormTextField
              control={control}
              name="description"
              label={t('credits.codes.description')}
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending}
            data-testid="create-codes-submit"
          >
            {t('credits.codes.createSubmit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
