import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isAdminAccount } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useMyBilling, useSaveMyBilling, useSaveSellerDetails, useSellerDetails } from '../hooks/use-billing';

type Field = { name: string; label: string; max: number; multiline?: boolean };

type PartyFormProps = {
  fields: Field[];
  current: Record<string, string>;
  pending: boolean;
  error: string | null;
  testId: string;
  onSave: (values: Record<string, string>) => void;
};

/** A party's details as a receipt names it: a name, an address over a few lines, a tax id. */
function PartyForm({ fields, current, pending, error, testId, onSave }: PartyFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(current);
  const changed = fields.some((field) => (values[field.name] ?? '') !== (current[field.name] ?? ''));
  return (
    <Stack
      component="form"
      noValidate
      sx={{ gap: 2 }}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(values);
      }}
    >
      {error && <Alert severity="error">{error}</Alert>}
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          value={values[field.name] ?? ''}
          onChange={(event) => setValues((state) => ({ ...state, [field.name]: event.target.value }))}
          multiline={field.multiline}
          minRows={field.multiline ? 3 : undefined}
          fullWidth
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { maxLength: field.max, 'data-testid': `${testId}-${field.name}` },
          }}
        />
      ))}
      <Button
        type="submit"
        variant="contained"
        disabled={!changed}
        loading={pending}
        sx={{ alignSelf: 'flex-start' }}
        data-testid={`${testId}-save`}
      >
        {t('common.saveChanges')}
      </Button>
    </Stack>
  );
}

/** Admins: the seller every receipt names (company, address, VAT / tax id). */
export function SellerDetailsCard() {
  const account = useAccount();
  if (!isAdminAccount(account)) return null;
  return <SellerDetailsContent />;
}

function SellerDetailsContent() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const seller = useSellerDetails();
  const save = useSaveSellerDetails();
  return (
    <Card data-testid="seller-details-card">
      <CardHeader title={t('payments.seller.title')} subheader={t('payments.seller.subtitle')} />
      <CardContent>
        {seller.isError ? (
          <Alert severity="error">{errorMessage(seller.error)}</Alert>
        ) : seller.data ? (
          <PartyForm
            key={JSON.stringify(seller.data)}
            testId="seller-details"
            current={seller.data}
            pending={save.isPending}
            error={save.isError ? errorMessage(save.error) : null}
            fields={[
              { name: 'company_name', label: t('payments.seller.companyName'), max: 200 },
              { name: 'address', label: t('payments.seller.address'), max: 1000, multiline: true },
              { name: 'tax_id', label: t('payments.seller.taxId'), max: 100 },
            ]}
            onSave={(values) =>
              save.mutate(values, { onSuccess: () => snackbar(t('payments.seller.saved')) })
            }
          />
        ) : (
          <Skeleton variant="rounded" height={200} />
        )}
      </CardContent>
    </Card>
  );
}

/** Everyone: their own billing details, the buyer on their receipts. */
export function MyBillingCard() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const billing = useMyBilling();
  const save = useSaveMyBilling();
  return (
    <Card data-testid="billing-details-card">
      <CardHeader title={t('payments.buyer.title')} subheader={t('payments.buyer.subtitle')} />
      <CardContent>
        {billing.isError ? (
          <Alert severity="error">{errorMessage(billing.error)}</Alert>
        ) : billing.data ? (
          <PartyForm
            key={JSON.stringify(billing.data)}
            testId="billing-details"
            current={billing.data}
            pending={save.isPending}
            error={save.isError ? errorMessage(save.error) : null}
            fields={[
              { name: 'name', label: t('payments.buyer.name'), max: 200 },
              { name: 'address', label: t('payments.buyer.address'), max: 1000, multiline: true },
              { name: 'tax_id', label: t('payments.buyer.taxId'), max: 100 },
            ]}
            onSave={(values) => save.mutate(values, { onSuccess: () => snackbar(t('payments.buyer.saved')) })}
          />
        ) : (
          <Skeleton variant="rounded" height={200} />
        )}
      </CardContent>
    </Card>
  );
}
