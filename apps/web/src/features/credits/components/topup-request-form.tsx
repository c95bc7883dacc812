import { zodResolver } from '@hookform/resolvers/zod';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import {
  formatPrice,
  topUpPaymentReferenceSchema,
  type CreditPackage,
  type TopUpRequest,
} from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { FormCard } from '../../../components/form-card';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useAvailablePaymentMethods } from '../hooks/use-payment-methods';
import { useCreateTopUp } from '../hooks/use-topups';
import { formatFeePercent } from '../lib/fee-percent';
import { ManualPaymentDialog } from './manual-payment-dialog';

// The selects hold '' until something is picked. Which of method and reference is needed depends on
// whether the package's currency has methods, so that part is checked on submit.
const schema = z.object({
  package_id: z.union([z.number(), z.literal('')]).refine((value) => value !== '', { error: 'REQUIRED' }),
  method_id: z.union([z.number(), z.literal('')]),
  payment_reference: z.string(),
});
type Values = z.input<typeof schema>;

type TopUpRequestFormProps = {
  packages: CreditPackage[];
  /** The package picked on a pricing card. */
  selectedId: number | null;
  onSelectedChange: (id: number | null) => void;
};

/**
 * Pick a package, then how to pay: with a method the admin set up (its instructions, the amount and
 * our reference follow in a dialog), or, where the currency has none, by naming a payment made.
 */
export function TopUpRequestForm({ packages, selectedId, onSelectedChange }: TopUpRequestFormProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const create = useCreateTopUp();
  const [paying, setPaying] = useState<TopUpRequest | null>(null);
  const { control, handleSubmit, reset, setValue, setError, watch } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { package_id: '', method_id: '', payment_reference: '' },
  });
  const packageId = watch('package_id');
  const pack = packages.find((candidate) => candidate.id === packageId);
  const available = useAvailablePaymentMethods(pack?.currency);
  const methods = pack ? (available.data ?? []).filter((method) => method.currency === pack.currency) : [];
  const withMethods = methods.length > 0;

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

  const done = () => {
    reset({ package_id: '', method_id: '', payment_reference: '' });
    onSelectedChange(null);
  };

  const onSubmit = handleSubmit((values) => {
    if (values.package_id === '') return;
    if (withMethods) {
      const method = methods.find((candidate) => candidate.id === values.method_id);
      if (!method) return setError('method_id', { message: 'REQUIRED' });
      create.mutate(
        { package_id: values.package_id, method_id: method.id },
        {
          onSuccess: (request) => {
            // An online method: pay on the provider's page, which sends the buyer back to
            // /payments/return/:id. The credits come from the provider's webhook, not from that return.
            if (request.checkout_url) return window.location.assign(request.checkout_url);
            setPaying(request);
            done();
          },
        },
      );
      return;
    }
    const reference = topUpPaymentReferenceSchema.safeParse(values.payment_reference);
    if (!reference.success) return setError('payment_reference', { message: 'PAYMENT_REFERENCE_REQUIRED' });
    create.mutate(
      { package_id: values.package_id, payment_reference: reference.data },
      {
        onSuccess: (request) => {
          snackbar(
            t('credits.topups.submitted', { credits: formatNumber(request.credits, i18n.resolvedLanguage) }),
          );
          done();
        },
      },
    );
  });

  return (
    <>
      <FormCard
        id="top-up-form"
        title={t('credits.topups.formTitle')}
        subheader={withMethods ? t('credits.payments.formText') : t('credits.topups.formText')}
        onSubmit={onSubmit}
        submitLabel={withMethods ? t('credits.payments.continue') : t('credits.topups.submit')}
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
            {packages.map((option) => (
              <MenuItem key={option.id} value={option.id} data-testid={`package-option-${option.id}`}>
                {t('credits.topups.packageOption', {
                  name: option.name,
                  credits: formatNumber(option.credits, i18n.resolvedLanguage),
                  price: formatPrice(option.price_cents, option.currency, i18n.resolvedLanguage),
                })}
              </MenuItem>
            ))}
          </FormTextField>
          {withMethods ? (
            <FormTextField
              control={control}
              name="method_id"
              label={t('credits.payments.method')}
              select
              required
              slotProps={{
                select: { SelectDisplayProps: { 'data-testid': 'field-method-select' } as object },
              }}
            >
              {methods.map((method) => (
                <MenuItem key={method.id} value={method.id} data-testid={`method-option-${method.id}`}>
                  {method.fee_bps > 0
                    ? t('credits.payments.methodWithFee', {
                        name: method.name,
                        fee: formatFeePercent(method.fee_bps, i18n.resolvedLanguage),
                      })
                    : method.name}
                </MenuItem>
              ))}
            </FormTextField>
          ) : (
            <FormTextField
              control={control}
              name="payment_reference"
              label={t('credits.topups.reference')}
              required
              helperText={t('credits.topups.referenceHelp')}
              autoComplete="off"
            />
          )}
        </Box>
      </FormCard>
      <ManualPaymentDialog request={paying} onClose={() => setPaying(null)} />
    </>
  );
}
