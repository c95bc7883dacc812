import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { createTopUpBodySchema, formatPrice, type CreditPackage } from '@linedesk/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormCard } from '../../../components/form-card';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useCreateTopUp } from '../hooks/use-topups';

// The select holds '' until a package is picked; the API's own schema checks the reference.
const schema = z.object({
  package_id: z.union([z.number(), z.literal('')]).refine((value) => value !== '', { error: 'REQUIRED' }),
  payment_reference: createTopUpBodySchema.shape.payment_reference,
});
type Values = z.input<typeof schema>;

type TopUpRequestFormProps = {
  packages: CreditPackage[];
  /** The package picked on a pricing card. */
  selectedId: number | null;
  onSelectedChange: (id: number | null) => void;
};

export function TopUpRequestForm({ packages, selectedId, onSelectedChange }: TopUpRequestFormProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const create = useCreateTopUp();
  const { control, handleSubmit, reset, setValue, watch } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { package_id: '', payment_reference: '' },
  });

  // A card click picks the package here; picking here highlights the card.
  useEffect(() => {
    setValue('package_id', selectedId ?? '', { shouldValidate: selectedId !== null });
  }, [selectedId, setValue]);
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      if (name === 'package_id')
        onSelectedChange(typeof values.package_id === 'number' ? values.package_id : null);
    });
    return () => subscription.unsubscribe();
  }, [watch, onSelectedChange]);

  const onSubmit = handleSubmit((values) => {
    if (values.package_id === '') return;
    create.mutate(
      { package_id: values.package_id, payment_reference: values.payment_reference.trim() },
      {
        onSuccess: (request) => {
          snackbar(
            t('credits.topups.submitted', { credits: formatNumber(request.credits, i18n.resolvedLanguage) }),
          );
          reset({ package_id: '', payment_reference: '' });
          onSelectedChange(null);
        },
      },
    );
  });

  return (
    <FormCard
      id="top-up-form"
      title={t('credits.topups.formTitle')}
      subheader={t('credits.topups.formText')}
      onSubmit={onSubmit}
      submitLabel={t('credits.topups.submit')}
      submitStartIcon={<SendOutlinedIcon />}
      pending={create.isPending}
      errorText={create.isError ? errorMessage(create.error) : null}
      formTestId="topup-form"
      submitTestId="topup-submit"
      errorTestId="topup-form-error"
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <FormTextField
          control={control}
          name="package_id"
          label={t('credits.topups.package')}
          select
          required
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'field-package-select' } as object },
          }}
        >
          {packages.map((pack) => (
            <MenuItem key={pack.id} value={pack.id} data-testid={`package-option-${pack.id}`}>
              {t('credits.topups.packageOption', {
                name: pack.name,
                credits: formatNumber(pack.credits, i18n.resolvedLanguage),
                price: formatPrice(pack.price_cents, pack.currency, i18n.resolvedLanguage),
              })}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="payment_reference"
          label={t('credits.topups.reference')}
          required
          helperText={t('credits.topups.referenceHelp')}
          autoComplete="off"
        />
      </Box>
    </FormCard>
  );
}
