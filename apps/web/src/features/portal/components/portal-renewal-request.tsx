import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../../i18n/use-app-language';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { usePortalRequestRenewal } from '../hooks/use-portal';

/** When the server says the next ask is possible (`params.retry_at` of the refusal). */
function retryAt(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'PORTAL_RENEWAL_ALREADY_REQUESTED') return null;
  const params = (error.details as { params?: { retry_at?: unknown } } | undefined)?.params;
  return typeof params?.retry_at === 'string' ? params.retry_at : null;
}

/** "Ask my reseller to renew": the reseller gets a message (once a day per line). */
export function PortalRenewalRequest() {
  const { t } = useTranslation();
  const { language } = useAppLanguage();
  const errorMessage = useErrorMessage();
  const request = usePortalRequestRenewal();
  const refusedUntil = retryAt(request.error);

  return (
    <Stack sx={{ gap: 1 }}>
      <Button
        variant="outlined"
        size="large"
        loading={request.isPending}
        disabled={request.isSuccess}
        onClick={() => request.mutate()}
        data-testid="portal-ask-renewal"
      >
        {t('portal.line.askRenewal')}
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('portal.line.askRenewalHelp')}
      </Typography>
      {request.isSuccess && (
        <Alert severity="success" data-testid="portal-ask-renewal-sent">
          {t('portal.line.askRenewalSent', {
            date: formatDateTime(request.data.next_request_at, language),
          })}
        </Alert>
      )}
      {request.isError && (
        <Alert severity="warning" data-testid="portal-ask-renewal-error">
          {refusedUntil
            ? t('errors.PORTAL_RENEWAL_ALREADY_REQUESTED', {
                retry_at: formatDateTime(refusedUntil, language),
              })
            : errorMessage(request.error)}
        </Alert>
      )}
    </Stack>
  );
}
