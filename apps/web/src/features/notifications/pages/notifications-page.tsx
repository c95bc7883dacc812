import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { QueryStates } from '../../../components/query-states';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { BalanceThresholdCard } from '../components/balance-threshold-card';
import { DeliveryFailuresCard } from '../components/delivery-failures-card';
import { NotificationSwitchesCard } from '../components/notification-switches-card';
import { TelegramLinkCard } from '../../telegram/components/telegram-link-card';
import { WebhookCard } from '../components/webhook-card';
import { useNotificationPreferences, useSendTestNotice } from '../hooks/use-notifications';

export function NotificationsPage() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const preferences = useNotificationPreferences();
  const sendTest = useSendTestNotice();

  return (
    <>
      <PageHeading
        title={t('notifications.title')}
        description={t('notifications.description')}
        action={
          <Button
            variant="outlined"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(undefined, {
                onSuccess: (result) =>
                  snackbar(
                    t('notifications.testSent', {
                      channels: result.channels.map((c) => t(`notifications.channels.${c}`)).join(', '),
                    }),
                  ),
                onError: (error) => snackbar(errorMessage(error), 'error'),
              })
            }
            data-testid="send-test-notice"
          >
            {t('notifications.sendTest')}
          </Button>
        }
      />
      <QueryStates query={preferences}>
        {(data) => (
          <Stack sx={{ gap: 3 }}>
            <NotificationSwitchesCard preferences={data} />
            <BalanceThresholdCard preferences={data} />
            <TelegramLinkCard />
            <WebhookCard preferences={data} />
            <DeliveryFailuresCard />
          </Stack>
        )}
      </QueryStates>
    </>
  );
}
