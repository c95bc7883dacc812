import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { MAX_CREDIT_AMOUNT, MAX_REDEEM_BATCH, type CreatedRedeemCode } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormDateField } from '../../../components/form/date-field';
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
    <FormDialog
      open={open}
      title={t('credits.codes.createTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('credits.codes.createSubmit')}
      pending={create.isPending}
      errorText={create.isError ? errorMessage(create.error) : null}
      onExited={() => {
        create.reset();
        reset(defaults);
      }}
      formTestId="create-codes-form"
      submitTestId="create-codes-submit"
      errorTestId="create-codes-error"
    >
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
      <FormDateField
        control={control}
        name="expires_on"
        label={t('credits.codes.expiresOn')}
        helperText={t('credits.codes.expiresHelp')}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('credits.codes.description')}
        multiline
        minRows={2}
      />
    </FormDialog>
  );
}
