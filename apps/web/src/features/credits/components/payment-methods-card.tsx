import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { isAdminAccount, type PaymentMethod } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../../components/delete-dialog';
import { RowEditDeleteActions } from '../../../components/row-edit-delete-actions';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import {
  useDeletePaymentMethod,
  usePaymentMethods,
  useSavePaymentMethod,
} from '../hooks/use-payment-methods';
import { formatFeePercent } from '../lib/fee-percent';
import { PaymentMethodDialog } from './payment-method-dialog';

/** Settings (admins): how resellers may pay for credit packages. */
export function PaymentMethodsCard() {
  const account = useAccount();
  if (!isAdminAccount(account)) return null;
  return <PaymentMethodsList />;
}

function PaymentMethodsList() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const methods = usePaymentMethods(true);
  const toggle = useSavePaymentMethod();
  const remove = useDeletePaymentMethod();
  const [editing, setEditing] = useState<{ open: boolean; method: PaymentMethod | null; key: number }>({
    open: false,
    method: null,
    key: 0,
  });
  const [deleting, setDeleting] = useState<{ open: boolean; method: PaymentMethod | null }>({
    open: false,
    method: null,
  });
  const openDialog = (method: PaymentMethod | null) =>
    setEditing((state) => ({ open: true, method, key: state.key + 1 }));

  return (
    <Card data-testid="payment-methods-card">
      <CardHeader
        title={t('credits.paymentMethods.title')}
        subheader={t('credits.paymentMethods.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => openDialog(null)}
            data-testid="payment-method-add"
          >
            {t('credits.paymentMethods.add')}
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent>
        {methods.isPending && <Skeleton variant="rounded" height={72} />}
        {methods.isError && <Alert severity="error">{errorMessage(methods.error)}</Alert>}
        {methods.data?.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="payment-methods-empty">
            {t('credits.paymentMethods.empty')}
          </Typography>
        )}
        <Stack sx={{ gap: 1.5 }}>
          {methods.data?.map((method) => (
            <Box
              key={method.id}
              data-testid="payment-method-row"
              data-name={method.name}
              sx={{
                display: 'flex',
                alignItems: 'center',
                flexWrap: 'wrap',
                gap: 1.5,
                p: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                  {method.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {[
                    t(`credits.paymentMethods.kinds.${method.kind}`),
                    method.currency,
                    method.fee_bps > 0
                      ? t('credits.paymentMethods.feeShort', {
                          fee: formatFeePercent(method.fee_bps, i18n.resolvedLanguage),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <Switch
                checked={method.enabled}
                disabled={toggle.isPending}
                onChange={(event) =>
                  toggle.mutate(
                    { id: method.id, body: { enabled: event.target.checked } },
                    { onError: (error) => snackbar(errorMessage(error), 'error') },
                  )
                }
                slotProps={{
                  input: {
                    'aria-label': t('credits.paymentMethods.enabled'),
                    'data-testid': 'payment-method-enabled',
                  } as object,
                }}
              />
              <RowEditDeleteActions
                onEdit={() => openDialog(method)}
                onDelete={() => setDeleting({ open: true, method })}
                editLabel={t('credits.paymentMethods.editNamed', { name: method.name })}
                deleteLabel={t('credits.paymentMethods.deleteNamed', { name: method.name })}
                testIdPrefix="payment-method"
              />
            </Box>
          ))}
        </Stack>
      </CardContent>
      {editing.open && (
        <PaymentMethodDialog
          key={editing.key}
          open={editing.open}
          method={editing.method}
          onClose={() => setEditing((state) => ({ ...state, open: false }))}
          onSaved={(saved) => {
            snackbar(t('credits.paymentMethods.saved', { name: saved.name }));
            setEditing((state) => ({ ...state, open: false }));
          }}
        />
      )}
      <DeleteDialog
        open={deleting.open}
        item={deleting.method}
        idOf={(method) => method.id}
        title={t('credits.paymentMethods.deleteTitle')}
        message={t('credits.paymentMethods.deleteText', { name: deleting.method?.name ?? '' })}
        mutation={remove}
        errorText={errorMessage}
        errorTestId="payment-method-delete-error"
        onClose={() => setDeleting((state) => ({ ...state, open: false }))}
        onDeleted={() => setDeleting((state) => ({ ...state, open: false }))}
      />
    </Card>
  );
}
