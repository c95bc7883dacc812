import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { NotificationPreferences } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import {
  useRemoveWebhook,
  useRotateWebhookSecret,
  useSetWebhook,
  useTestWebhook,
} from '../hooks/use-notifications';
import { WebhookSecretDialog } from './webhook-secret-dialog';

/** The account's own webhook: its address, a test delivery, a new secret, removal. */
export function WebhookCard({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const setWebhook = useSetWebhook();
  const removeWebhook = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => setUrl(preferences.webhook_url ?? ''), [preferences.webhook_url]);
  const configured = preferences.webhook_url !== null;
  const onError = (error: unknown) => snackbar(errorMessage(error), 'error');

  return (
    <Card id="webhook-card" data-testid="webhook-card" sx={{ scrollMarginTop: 96 }}>
      <CardHeader title={t('notifications.webhookTitle')} subheader={t('notifications.webhookDescription')} />
      <CardContent sx={{ pt: 0 }}>
        <Stack sx={{ gap: 2 }}>
          <TextField
            label={t('notifications.webhookUrl')}
            placeholder="https://shop.example.com/linedesk"
            size="small"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            error={setWebhook.isError}
            helperText={setWebhook.isError ? errorMessage(setWebhook.error) : undefined}
            slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'webhook-url' } }}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={url.trim() === '' || url.trim() === preferences.webhook_url}
              loading={setWebhook.isPending}
              onClick={() =>
                setWebhook.mutate(
                  { url: url.trim() },
                  {
                    onSuccess: (saved) => {
                      if (saved.secret) setSecret(saved.secret);
                      else snackbar(t('notifications.saved'));
                    },
                  },
                )
              }
              data-testid="webhook-save"
            >
              {t('notifications.webhookSave')}
            </Button>
            {configured && (
              <>
                <Button
                  variant="outlined"
                  loading={test.isPending}
                  onClick={() =>
                    test.mutate(undefined, {
                      onSuccess: (result) =>
                        snackbar(t('notifications.webhookTestOk', { status: result.status })),
                      onError,
                    })
                  }
                  data-testid="webhook-test"
                >
                  {t('notifications.webhookTest')}
                </Button>
                <Button
                  variant="outlined"
                  loading={rotate.isPending}
                  onClick={() => rotate.mutate(undefined, { onSuccess: (r) => setSecret(r.secret), onError })}
                  data-testid="webhook-rotate"
                >
                  {t('notifications.webhookRotate')}
                </Button>
                <Button
                  color="error"
                  loading={removeWebhook.isPending}
                  onClick={() =>
                    removeWebhook.mutate(undefined, {
                      onSuccess: () => snackbar(t('notifications.webhookRemoved')),
                      onError,
                    })
                  }
                  data-testid="webhook-remove"
                >
                  {t('notifications.webhookRemove')}
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </CardContent>
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
