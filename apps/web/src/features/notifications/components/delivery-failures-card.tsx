import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NotificationChannel, NotificationKind } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { QueryStates } from '../../../components/query-states';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useDeliveryFailures, useRetryDelivery } from '../hooks/use-notifications';

/** Notices that did not arrive on a channel: still retried, or given up (and retried by hand here). */
export function DeliveryFailuresCard() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const failures = useDeliveryFailures();
  const retry = useRetryDelivery();
  const kindName = (kind: string) =>
    kind === 'test' ? t('notifications.test') : t(`notifications.kinds.${kind as NotificationKind}`);

  return (
    <Card data-testid="delivery-failures">
      <CardHeader title={t('notifications.failuresTitle')} />
      <CardContent sx={{ pt: 0 }}>
        <QueryStates
          query={failures}
          isEmpty={(data) => data.items.length === 0}
          empty={<Typography color="text.secondary">{t('notifications.failuresEmpty')}</Typography>}
        >
          {(data) => (
            <Stack sx={{ gap: 1.5 }}>
              {data.items.map((item) => (
                <Stack
                  key={item.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  sx={{ gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
                  data-testid="delivery-failure"
                >
                  <Stack sx={{ flex: 1, minWidth: 0, gap: 0.5 }}>
                    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="subtitle2">{kindName(item.kind)}</Typography>
                      <Chip
                        size="small"
                        label={t(`notifications.channels.${item.channel as NotificationChannel}`)}
                      />
                      <Chip
                        size="small"
                        color={item.status === 'dead' ? 'error' : 'warning'}
                        label={t(`notifications.failureStatus.${item.status}`)}
                      />
                    </Stack>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {item.title}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {t('notifications.attempts')}: {item.attempts} · {t('notifications.created')}:{' '}
                      {formatDateTime(item.created_at, i18n.resolvedLanguage)}
                      {item.last_error ? ` · ${t('notifications.lastError')}: ${item.last_error}` : ''}
                    </Typography>
                  </Stack>
                  <Button
                    size="small"
                    variant="outlined"
                    sx={{ alignSelf: { sm: 'center' } }}
                    disabled={retry.isPending}
                    onClick={() =>
                      retry.mutate(item.id, {
                        onSuccess: () => snackbar(t('notifications.retried')),
                        onError: (error) => snackbar(errorMessage(error), 'error'),
                      })
                    }
                    data-testid="delivery-retry"
                  >
                    {t('notifications.retry')}
                  </Button>
                </Stack>
              ))}
            </Stack>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
