import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TelegramLinkCode } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useTelegramLink, useTelegramLinkCode, useUnlinkTelegram } from '../hooks/use-telegram';

/**
 * Links the account to a Telegram chat: a one-time code to send to the panel's bot (or a t.me link
 * that sends it), then the linked state with an unlink button. The bot's linking arrives as a live
 * event, so the card turns to "linked" by itself.
 */
export function TelegramLinkCard() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const link = useTelegramLink();
  const createCode = useTelegramLinkCode();
  const unlink = useUnlinkTelegram();
  const [code, setCode] = useState<TelegramLinkCode | null>(null);
  const linked = link.data?.linked ?? false;
  useEffect(() => {
    if (linked) setCode(null);
  }, [linked]);

  if (!link.data) return null;
  const { available, linked_at: linkedAt, chat_name: chatName } = link.data;

  return (
    <Card id="telegram-link-card" data-testid="telegram-link-card" sx={{ scrollMarginTop: 96 }}>
      <CardHeader title={t('telegram.link.title')} subheader={t('telegram.link.description')} />
      <CardContent sx={{ pt: 1 }}>
        {linked ? (
          <Stack sx={{ gap: 2, alignItems: 'flex-start' }}>
            <Chip color="success" label={t('telegram.link.linked')} data-testid="telegram-linked" />
            {/* Which chat, so an owner can tell a chat they never linked (and unlink it). */}
            {linkedAt && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="telegram-linked-chat">
                {chatName
                  ? t('telegram.link.linkedChatSince', {
                      chat: chatName,
                      date: formatDateTime(linkedAt, i18n.resolvedLanguage),
                    })
                  : t('telegram.link.linkedSince', { date: formatDateTime(linkedAt, i18n.resolvedLanguage) })}
              </Typography>
            )}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('telegram.link.endsWithPassword')}
            </Typography>
            <Button
              variant="outlined"
              color="error"
              loading={unlink.isPending}
              onClick={() =>
                unlink.mutate(undefined, {
                  onSuccess: () => snackbar(t('telegram.link.unlinked')),
                  onError: (error) => snackbar(errorMessage(error), 'error'),
                })
              }
            >
              {t('telegram.link.unlink')}
            </Button>
          </Stack>
        ) : !available ? (
          <Alert severity="info">{t('telegram.link.unavailable')}</Alert>
        ) : (
          <Stack sx={{ gap: 2, alignItems: 'flex-start' }}>
            {code && (
              <Stack sx={{ gap: 1, width: '100%' }}>
                <Typography variant="body2">{t('telegram.link.sendThis')}</Typography>
                <Box
                  component="code"
                  data-testid="telegram-link-command"
                  sx={{
                    p: 1.5,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                    fontFamily: 'monospace',
                    wordBreak: 'break-all',
                  }}
                >
                  {code.command}
                </Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('telegram.link.validUntil', {
                    date: formatDateTime(code.expires_at, i18n.resolvedLanguage),
                  })}
                </Typography>
                <Button
                  variant="contained"
                  href={code.deep_link}
                  target="_blank"
                  rel="noopener noreferrer"
                  sx={{ alignSelf: 'flex-start' }}
                  data-testid="telegram-deep-link"
                >
                  {t('telegram.link.open')}
                </Button>
              </Stack>
            )}
            <Button
              variant={code ? 'text' : 'contained'}
              loading={createCode.isPending}
              data-testid="telegram-get-code"
              onClick={() =>
                createCode.mutate(undefined, {
                  onSuccess: setCode,
                  onError: (error) => snackbar(errorMessage(error), 'error'),
                })
              }
            >
              {code ? t('telegram.link.newCode') : t('telegram.link.getCode')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
