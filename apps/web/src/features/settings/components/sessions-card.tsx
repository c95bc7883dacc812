import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import SmartphoneOutlinedIcon from '@mui/icons-material/SmartphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SessionInfo } from '@linedesk/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useEndSession, useSessions } from '../hooks/use-sessions';
import { describeUserAgent } from '../lib/describe-user-agent';

function SessionRow({ session, onEnd }: { session: SessionInfo; onEnd: (session: SessionInfo) => void }) {
  const { t, i18n } = useTranslation();
  const device = describeUserAgent(session.user_agent);
  const name =
    device.browser && device.os
      ? t('settings.sessions.browserOnOs', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('settings.sessions.unknownDevice'));

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      data-testid="session-row"
      data-current={session.current}
      sx={{ gap: 2, py: 2, alignItems: { sm: 'center' } }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
        <Box
          sx={{
            width: 44,
            height: 44,
            borderRadius: 1.5,
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'background.neutral',
            color: 'text.secondary',
          }}
        >
          {device.mobile ? <SmartphoneOutlinedIcon /> : <ComputerOutlinedIcon />}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Tooltip title={session.user_agent ?? ''}>
              <Typography variant="subtitle2" component="span">
                {name}
              </Typography>
            </Tooltip>
            {session.current && (
              <Chip
                size="small"
                color="primary"
                label={t('settings.sessions.thisDevice')}
                data-testid="session-current"
              />
            )}
          </Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('settings.sessions.ip')}: {session.ip_address ?? t('settings.sessions.unknownIp')}
            {' · '}
            {t('settings.sessions.signedIn')}: {formatDateTime(session.created_at, i18n.resolvedLanguage)}
          </Typography>
          {session.user_agent && (
            <Typography
              variant="caption"
              noWrap
              component="div"
              sx={{ color: 'text.secondary', maxWidth: 560 }}
            >
              {session.user_agent}
            </Typography>
          )}
        </Box>
      </Box>
      {!session.current && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          onClick={() => onEnd(session)}
          data-testid="end-session-button"
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {t('settings.sessions.end')}
        </Button>
      )}
    </Stack>
  );
}

export function SessionsCard() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const sessions = useSessions();
  const endSession = useEndSession();
  const [pending, setPending] = useState<SessionInfo | null>(null);

  // The current session first, then the most recent.
  const items = [...(sessions.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at),
  );

  const confirmEnd = () => {
    if (!pending) return;
    endSession.mutate(pending.id, {
      onSuccess: () => snackbar(t('settings.sessions.ended')),
      onError: (error) => snackbar(errorMessage(error), 'error'),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Card data-testid="sessions-card">
      <CardHeader title={t('settings.sessions.title')} subheader={t('settings.sessions.description')} />
      <CardContent sx={{ pt: 1 }}>
        {sessions.isPending && (
          <Stack sx={{ gap: 1 }}>
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        )}
        {sessions.isError && <Alert severity="error">{errorMessage(sessions.error)}</Alert>}
        {items.map((session, index) => (
          <Fragment key={session.id}>
            {index > 0 && <Divider sx={{ borderStyle: 'dashed' }} />}
            <SessionRow session={session} onEnd={setPending} />
          </Fragment>
        ))}
      </CardContent>
      <ConfirmDialog
        open={Boolean(pending)}
        title={t('settings.sessions.endTitle')}
        content={t('settings.sessions.endConfirm')}
        confirmLabel={t('settings.sessions.end')}
        loading={endSession.isPending}
        onConfirm={confirmEnd}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
