import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { currencies, MAX_CREDIT_AMOUNT, type CreditPackage } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSaveCreditPackage } from '../hooks/use-pricing';
import { centsToPriceInput, priceToCents } from '../lib/price-input';

function makeSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(1, { error: 'REQUIRED' }).max(100, { error: 'TOO_LONG' }),
    credits: z
      .string()
      .trim()
      .refine((value) => /^\d+$/.test(value) && Number(value) > 0 && Number(value) <= MAX_CREDIT_AMOUNT, {
        error: 'CREDITS_NOT_POSITIVE',
      }),
    price: z
      .string()
      .refine((value) => priceToCents(value) !== null, { error: t('credits.packages.priceInvalid') }),
    currency: z.enum(currencies),
    highlight: z.boolean(),
    is_active: z.boolean(),
    sort_order: z
      .string()
      .trim()
      .refine((value) => /^\d{1,5}$/.test(value) && Number(value) <= 10_000, {
        error: t('credits.packages.sortInvalid'),
      }),
  });
}
type Values = z.infer<ReturnType<typeof makeSchema>>;

function toValues(pack: CreditPackage | null): Values {
  return {
    name: pack?.name ?? '',
    credits: pack ? String(pack.credits) : '',
    price: pack ? centsToPriceInput(pack.price_cents) : '',
    currency: pack?.currency ?? 'EUR',
    highlight: pack?.highlight ?? false,
    is_active: pack?.is_active ?? true,
    sort_order: String(pack?.sort_order ?? 0),
  };
}

type PackageFormDialogProps = {
  open: boolean;
  pack: CreditPackage | null;
  onClose: () => void;
  onSaved: (pack: CreditPackage) => void;
};

export function PackageFormDialog({ open, pack, onClose, onSaved }: PackageFormDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveCreditPackage();
  const schema = useMemo(() => makeSchema(t), [t]);
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    values: toValues(pack),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      {
        id: pack?.id ?? null,
        body: {
          name: values.name,
          credits: Number(values.credits),
          price_cents: priceToCents(values.price) ?? 0,
          currency: values.currency,
          highlight: values.highlight,
          is_active: values.is_active,
          sort_order: Number(values.sort_order),
        },
      },
      { onSuccess: onSaved },
    ),
  );

  const toggle = (name: 'highlight' | 'is_active', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              checked={field.value}
              onChange={(event) => field.onChange(event.target.checked)}
              slotProps={{ input: { 'data-testid': `field-${name}` } as object }}
            />
          }
          label={label}
        />
      )}
    />
  );

  return (
    <FormDialog
      open={open}
      title={pack ? t('credits.packages.editTitle') : t('credits.packages.createTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={pack ? t('common.saveChanges') : t('credits.packages.create')}
      pending={save.isPending}
      errorText={save.isError ? errorMessage(save.error) : null}
      onExited={() => save.reset()}
      formTestId="package-form"
      submitTestId="package-form-submit"
      errorTestId="package-form-error"
    >
      <FormTextField control={control} name="name" label={t('credits.packages.name')} required autoFocus />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="credits"
          label={t('credits.packages.credits')}
          type="number"
          required
        />
        <FormTextField
          control={control}
          name="price"
          label={t('credits.packages.price')}
          required
          placeholder="19.99"
        />
        <FormTextField control={control} name="currency" label={t('credits.packages.currency')} select>
          {currencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </FormTextField>
      </Box>
      <FormTextField
        control={control}
        name="sort_order"
        label={t('credits.packages.sortOrder')}
        type="number"
        helperText={t('credits.packages.sortOrderHelp')}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
        {toggle('highlight', t('credits.packages.highlight'))}
        {toggle('is_active', t('credits.packages.active'))}
      </Box>
    </FormDialog>
  );
}
