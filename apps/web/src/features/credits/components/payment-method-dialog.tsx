import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  currencies,
  PAYMENT_FEE_MAX_BPS,
  paymentChannels,
  paymentMethodKinds,
  type Currency,
  type PaymentChannel,
  type PaymentMethod,
  type PaymentMethodCreateBody,
  type PaymentMethodKind,
  type PaymentMethodPatch,
  type PaymentSecretName,
} from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { languageOwnName } from '../../../i18n/language-names';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSavePaymentMethod, type SavePaymentMethod } from '../hooks/use-payment-methods';
import { centsToPriceInput, priceToCents } from '../lib/price-input';

type Values = {
  kind: PaymentMethodKind;
  name: string;
  currency: Currency;
  /** Percent as typed, "1.5"; the same two decimals as a price, so it reads like one. */
  fee: string;
  enabled: boolean;
  instructions: string;
  /** The instructions for the other languages; empty: the default text is shown there. */
  translations: Record<TranslatedLanguage, string>;
  channel: PaymentChannel;
  proof_required: boolean;
  server_url: string;
  store_id: string;
} & Record<PaymentSecretName, string>;

function toValues(method: PaymentMethod | null): Values {
  return {
    kind: method?.kind ?? 'manual',
    name: method?.name ?? '',
    currency: method?.currency ?? 'EUR',
    fee: method ? centsToPriceInput(method.fee_bps) : '0',
    enabled: method?.enabled ?? true,
    instructions: method?.instructions ?? '',
    translations: {
      de: method?.instructions_translations.de ?? '',
      pl: method?.instructions_translations.pl ?? '',
      pt: method?.instructions_translations.pt ?? '',
    },
    channel: method?.channel ?? 'bank',
    proof_required: method?.proof_required ?? false,
    server_url: method?.server_url ?? '',
    store_id: method?.store_id ?? '',
    // Secrets are never sent to the browser: empty means "keep the one stored".
    secret_key: '',
    webhook_secret: '',
    api_key: '',
  };
}

/** Where a provider is to send its events: this panel's own address, as the admin reaches it. */
const webhookUrlOf = (kind: PaymentMethodKind) => `${window.location.origin}/api/payments/webhooks/${kind}`;

const secretsOf: Record<PaymentMethodKind, PaymentSecretName[]> = {
  manual: [],
  stripe: ['secret_key', 'webhook_secret'],
  btcpay: ['api_key', 'webhook_secret'],
};

type Problem = 'name' | 'fee' | 'instructions' | 'server' | PaymentSecretName;

function problemsOf(values: Values, creating: boolean): Set<Problem> {
  const problems = new Set<Problem>();
  if (!values.name.trim()) problems.add('name');
  const fee = priceToCents(values.fee);
  if (fee === null || fee > PAYMENT_FEE_MAX_BPS) problems.add('fee');
  if (values.kind === 'manual' && !values.instructions.trim()) problems.add('instructions');
  if (
    values.kind === 'btcpay' &&
    (!/^https?:\/\/\S+$/.test(values.server_url.trim()) || !values.store_id.trim())
  )
    problems.add('server');
  if (creating) for (const secret of secretsOf[values.kind]) if (!values[secret].trim()) problems.add(secret);
  return problems;
}

function toBody(values: Values, method: PaymentMethod | null): SavePaymentMethod {
  const common = {
    name: values.name.trim(),
    currency: values.currency,
    fee_bps: priceToCents(values.fee) ?? 0,
    enabled: values.enabled,
  };
  const secrets = Object.fromEntries(
    secretsOf[values.kind].filter((name) => values[name].trim()).map((name) => [name, values[name].trim()]),
  );
  const settings =
    values.kind === 'manual'
      ? {
          instructions: values.instructions.trim(),
          instructions_translations: Object.fromEntries(
            translatedLanguages.map((language) => [language, values.translations[language].trim()]),
          ),
          channel: values.channel,
          proof_required: values.proof_required,
        }
      : values.kind === 'btcpay'
        ? { server_url: values.server_url.trim(), store_id: values.store_id.trim() }
        : {};
  if (method) return { id: method.id, body: { ...common, ...settings, ...secrets } as PaymentMethodPatch };
  return {
    id: null,
    body: { kind: values.kind, ...common, ...settings, ...secrets } as PaymentMethodCreateBody,
  };
}

/** The languages an admin may write the instructions in besides the default (English) text. */
const translatedLanguages = ['de', 'pl', 'pt'] as const;
type TranslatedLanguage = (typeof translatedLanguages)[number];

type PaymentMethodDialogProps = {
  open: boolean;
  /** null = a new method. */
  method: PaymentMethod | null;
  onClose: () => void;
  onSaved: (method: PaymentMethod) => void;
};

/** Starts from the method's values when mounted: the card mounts it afresh (a new key) for every opening. */
export function PaymentMethodDialog({ open, method, onClose, onSaved }: PaymentMethodDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSavePaymentMethod();
  const [values, setValues] = useState<Values>(() => toValues(method));
  const [checked, setChecked] = useState(false);
  const problems = checked ? problemsOf(values, method === null) : new Set<Problem>();
  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    setValues((state) => ({ ...state, [name]: value }));

  const field = (
    name: 'name' | 'fee' | 'instructions' | 'server_url' | 'store_id',
    props: TextFieldProps,
  ) => (
    <TextField
      {...props}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `field-${name}` } }}
    />
  );

  const secretField = (name: PaymentSecretName) => {
    const stored = method?.[`${name}_set`] ?? false;
    return (
      <TextField
        key={name}
        label={t(`credits.paymentMethods.secrets.${name}`)}
        type="password"
        autoComplete="new-password"
        value={values[name]}
        onChange={(event) => set(name, event.target.value)}
        required={!stored}
        error={problems.has(name)}
        helperText={
          problems.has(name)
            ? t('validation.REQUIRED')
            : stored
              ? t('credits.paymentMethods.secretSet')
              : t('credits.paymentMethods.secretHelp')
        }
        fullWidth
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `field-${name}` } }}
      />
    );
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (problemsOf(values, method === null).size > 0) return;
    save.mutate(toBody(values, method), { onSuccess: onSaved });
  };

  return (
    <FormDialog
      open={open}
      title={method ? t('credits.paymentMethods.editTitle') : t('credits.paymentMethods.createTitle')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={method ? t('common.saveChanges') : t('credits.paymentMethods.create')}
      pending={save.isPending}
      errorText={save.isError ? errorMessage(save.error) : null}
      onExited={() => save.reset()}
      formTestId="payment-method-form"
      submitTestId="payment-method-submit"
      errorTestId="payment-method-error"
    >
      <TextField
        select
        label={t('credits.paymentMethods.kind')}
        value={values.kind}
        onChange={(event) => set('kind', event.target.value as PaymentMethodKind)}
        disabled={method !== null}
        helperText={t(`credits.paymentMethods.kindHelp.${values.kind}`, { url: webhookUrlOf(values.kind) })}
        fullWidth
        slotProps={{
          inputLabel: { shrink: true },
          select: { SelectDisplayProps: { 'data-testid': 'field-kind' } as object },
        }}
      >
        {paymentMethodKinds.map((kind) => (
          <MenuItem key={kind} value={kind} data-testid={`kind-option-${kind}`}>
            {t(`credits.paymentMethods.kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      {field('name', {
        label: t('credits.paymentMethods.name'),
        required: true,
        helperText: problems.has('name') ? t('validation.REQUIRED') : t('credits.paymentMethods.nameHelp'),
        error: problems.has('name'),
      })}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          label={t('credits.packages.currency')}
          value={values.currency}
          onChange={(event) => set('currency', event.target.value as Currency)}
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        >
          {currencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </TextField>
        {field('fee', {
          label: t('credits.paymentMethods.fee'),
          error: problems.has('fee'),
          helperText: problems.has('fee')
            ? t('credits.paymentMethods.feeInvalid')
            : t('credits.paymentMethods.feeHelp'),
        })}
      </Box>
      {values.kind === 'manual' && (
        <>
          {field('instructions', {
            label: t('credits.paymentMethods.instructions'),
            required: true,
            multiline: true,
            minRows: 3,
            error: problems.has('instructions'),
            helperText: problems.has('instructions')
              ? t('validation.REQUIRED')
              : t('credits.paymentMethods.instructionsHelp'),
          })}
          <Accordion
            disableGutters
            variant="outlined"
            sx={{ '&:before': { display: 'none' } }}
            data-testid="instructions-languages"
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              {t('payments.instructions.perLanguage')}
            </AccordionSummary>
            <AccordionDetails sx={{ display: 'grid', gap: 2 }}>
              {translatedLanguages.map((language) => (
                <TextField
                  key={language}
                  label={t('payments.instructions.language', { language: languageOwnName(language) })}
                  value={values.translations[language]}
                  onChange={(event) =>
                    set('translations', { ...values.translations, [language]: event.target.value })
                  }
                  multiline
                  minRows={2}
                  fullWidth
                  helperText={t('payments.instructions.fallback')}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: {
                      maxLength: 4000,
                      lang: language,
                      'data-testid': `field-instructions-${language}`,
                    },
                  }}
                />
              ))}
            </AccordionDetails>
          </Accordion>
          <TextField
            select
            label={t('payments.channel.label')}
            value={values.channel}
            onChange={(event) => set('channel', event.target.value as PaymentChannel)}
            helperText={t('payments.channel.help')}
            fullWidth
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'field-channel' } }}
          >
            {paymentChannels.map((channel) => (
              <MenuItem key={channel} value={channel}>
                {t(`payments.channel.${channel}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={values.proof_required}
                onChange={(event) => set('proof_required', event.target.checked)}
                slotProps={{ input: { 'data-testid': 'field-proof_required' } as object }}
              />
            }
            label={t('credits.paymentMethods.proofRequired')}
          />
        </>
      )}
      {values.kind === 'btcpay' && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
          {field('server_url', {
            label: t('credits.paymentMethods.serverUrl'),
            required: true,
            placeholder: 'https://btcpay.example.com',
            error: problems.has('server'),
          })}
          {field('store_id', {
            label: t('credits.paymentMethods.storeId'),
            required: true,
            error: problems.has('server'),
          })}
        </Box>
      )}
      {secretsOf[values.kind].map(secretField)}
      <FormControlLabel
        control={
          <Switch
            checked={values.enabled}
            onChange={(event) => set('enabled', event.target.checked)}
            slotProps={{ input: { 'data-testid': 'field-enabled' } as object }}
          />
        }
        label={t('credits.paymentMethods.enabled')}
      />
    </FormDialog>
  );
}
