import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/number-format';
import { paths } from '../../../lib/paths';
import { TopUpStatusChip } from '../components/topup-status-chip';
import { useCancelTopUp, useTopUp } from '../hooks/use-topups';

function Outcome({ request }: { request: TopUpRequest }) {
  const { t, i18n } = useTranslation();
  const credits = formatNumber(request.credits, i18n.resolvedLanguage);
  if (request.status === 'approved') {
    return (
      <Alert severity="success" data-testid="payment-return-credited">
        {t('credits.payments.return.credited', { credits })}
      </Alert>
    );
  }
  if (request.status === 'expired' && request.expired_reason === 'cancelled') {
    return (
      <Alert severity="info" data-testid="payment-return-cancelled">
        {t('payments.cancel.cancelled')}
      </Alert>
    );
  }
  if (request.status === 'expired') {
    return (
      <Alert severity="warning" data-testid="payment-return-expired">
        {t('credits.payments.return.expired')}
      </Alert>
    );
  }
  if (request.status === 'underpaid') {
    return (
      <Alert severity="error" data-testid="payment-return-underpaid">
        {t('credits.payments.return.underpaid')}
      </Alert>
    );
  }
  if (request.status === 'needs_attention') {
    return (
      <Alert severity="warning" data-testid="payment-return-needs-attention">
        {t('credits.payments.return.needsAttention')}
      </Alert>
    );
  }
  if (request.status === 'rejected') {
    return (
      <Alert severity="error" data-testid="payment-return-rejected">
        {t('credits.payments.return.rejected', { reason: request.reject_reason ?? '' })}
      </Alert>
    );
  }
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="payment-return-waiting">
      <Typography>{t('credits.payments.return.waiting')}</Typography>
      <LinearProgress aria-label={t('credits.payments.return.waiting')} />
      <Typography variant="body2" color="text.secondary">
        {t('credits.payments.return.waitingHelp')}
      </Typography>
      {request.checkout_url && (
        <Button
          variant="outlined"
          href={request.checkout_url}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="payment-return-checkout"
        >
          {t('credits.payments.return.openCheckout')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * /payments/return/:id: where a provider's checkout sends the buyer back, paid or not. It only shows
 * the request: the credits come from the provider's webhook, and the `topup_requests` event it
 * publishes refreshes this page live (waiting → credited, or expired or underpaid).
 */
export function PaymentReturnPage() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const { id } = useParams();
  const requestId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const request = useTopUp(requestId);
  const [search] = useSearchParams();
  const cancel = useCancelTopUp();
  const cancelAsked = useRef(false);
  const status = request.data?.status;
  // Back from the provider's checkout without paying: the request is cancelled (the server asks the
  // provider first, so a checkout paid after all is credited instead), once per visit.
  useEffect(() => {
    if (search.get('cancelled') !== '1' || status !== 'awaiting_payment' || cancelAsked.current) return;
    cancelAsked.current = true;
    cancel.mutate(requestId);
  }, [search, status, requestId, cancel]);

  const missing =
    !Number.isInteger(requestId) ||
    (request.isError && isApiError(request.error) && request.error.status === 404);
  return (
    <>
      <PageHeading title={t('credits.payments.return.title')} />
      <Card sx={{ maxWidth: 640 }}>
        <CardContent>
          {missing ? (
            <Alert severity="error" data-testid="payment-return-missing">
              {t('credits.payments.return.missing')}
            </Alert>
          ) : request.isError ? (
            <Alert severity="error">{errorMessage(request.error)}</Alert>
          ) : !request.data ? (
            <Skeleton variant="rounded" height={120} aria-label={t('common.loading')} />
          ) : (
            <Stack sx={{ gap: 2 }}>
              <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="p">
                  {request.data.package_name}
                </Typography>
                <TopUpStatusChip status={request.data.status} />
              </Stack>
              <Typography color="text.secondary">
                {t('credits.payments.return.summary', {
                  amount: formatPrice(
                    request.data.amount_cents,
                    request.data.currency,
                    i18n.resolvedLanguage,
                  ),
                  method: request.data.method_name ?? '',
                  credits: formatNumber(request.data.credits, i18n.resolvedLanguage),
                })}
              </Typography>
              <Outcome request={request.data} />
            </Stack>
          )}
          {cancel.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(cancel.error)}
            </Alert>
          )}
          <Button component={RouterLink} to={paths.payments} sx={{ mt: 3 }} data-testid="payment-return-back">
            {t('payments.page.title')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
