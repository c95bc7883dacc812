import LinkOffIcon from '@mui/icons-material/LinkOff';
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
import Typography from '@mui/material/Typography';
import { isLanguage, type LineConnection } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useKickConnection, useLineConnections } from '../hooks/use-line-connections';

function useLanguage() {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

function ConnectionRow({ lineId, connection }: { lineId: number; connection: LineConnection }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const kick = useKickConnection(lineId);
  const facts = [
    connection.connected_since &&
      `${t('lineConnections.card.since')}: ${formatDateTime(connection.connected_since, language)}`,
    connection.idle_seconds !== null &&
      `${t('lineConnections.card.idle')}: ${t('lineConnections.card.idleSeconds', { count: connection.idle_seconds })}`,
    connection.last_channel &&
      `${t('lineConnections.card.channel')}: ${connection.last_channel}${connection.last_caid ? ` (${connection.last_caid})` : ''}`,
    connection.ecm_total !== null &&
      `${t('lineConnections.card.ecm')}: ${connection.ecm_ok ?? 0} / ${connection.ecm_total}`,
  ].filter(Boolean);

  return (
    <Box
      data-testid="line-connection"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap', py: 1.5 }}
    >
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" data-testid="line-connection-ip" sx={{ wordBreak: 'break-all' }}>
            {connection.ip}
          </Typography>
          {connection.protocol && <Chip size="small" variant="outlined" label={connection.protocol} />}
          {connection.state && connection.state !== 'OK' && (
            <Chip size="small" color="warning" label={connection.state} />
          )}
        </Stack>
        {facts.map((fact) => (
          <Typography key={fact as string} variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {fact}
          </Typography>
        ))}
        {kick.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(kick.error)}
          </Alert>
        )}
      </Box>
      {connection.connection_id !== null && (
        <Button
          size="small"
          color="error"
          variant="outlined"
          startIcon={<LinkOffIcon />}
          loading={kick.isPending}
          aria-label={t('lineConnections.card.kickNamed', { ip: connection.ip })}
          data-testid="line-connection-kick"
          onClick={() =>
            kick.mutate(connection.connection_id!, {
              onSuccess: () => snackbar(t('lineConnections.card.kicked', { ip: connection.ip })),
            })
          }
        >
          {t('lineConnections.card.kick')}
        </Button>
      )}
    </Box>
  );
}

/** The line page's live connections (with a kick each), its sharing flag and its IP history. */
// Memoised: the line page's form renders again beside it as it settles and as it is typed in.
export const LineConnectionsCard = memo(function LineConnectionsCard({ lineId }: { lineId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorMessage = useErrorMessage();
  const query = useLineConnections(lineId);
  const data = query.data;

  return (
    <Card data-testid="line-connections-card">
      <CardHeader title={t('lineConnections.card.title')} subheader={t('lineConnections.card.subtitle')} />
      <CardContent>
        {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {query.isPending && <Skeleton variant="rounded" height={64} />}
        {data && (
          <Stack sx={{ gap: 2 }}>
            {data.sharing_detected_at && (
              <Alert severity={data.sharing_active ? 'warning' : 'info'} data-testid="line-sharing-flag">
                {data.sharing_active
                  ? t('lineConnections.sharing.active', {
                      time: formatDateTime(data.sharing_detected_at, language),
                    })
                  : t('lineConnections.sharing.detectedAt', {
                      time: formatDateTime(data.sharing_detected_at, language),
                    })}
              </Alert>
            )}
            <Box>
              {data.connections.length === 0 ? (
                <Typography
                  variant="body2"
                  sx={{ color: 'text.secondary' }}
                  data-testid="line-connections-none"
                >
                  {t('lineConnections.card.none')}
                  {data.last_seen_at &&
                    ` ${t('lineConnections.lastSeenAt', { time: formatDateTime(data.last_seen_at, language) })}`}
                </Typography>
              ) : (
                data.connections.map((connection, index) => (
                  <Box key={`${connection.server_id}-${connection.connection_id ?? connection.ip}-${index}`}>
                    {index > 0 && <Divider />}
                    <ConnectionRow lineId={lineId} connection={connection} />
                  </Box>
                ))
              )}
            </Box>
            <Divider />
            <Box data-testid="line-ip-history">
              <Typography variant="subtitle1">{t('lineConnections.history.title')}</Typography>
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mb: 1 }}>
                {t('lineConnections.history.subtitle')}
              </Typography>
              {data.ip_history.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('lineConnections.history.none')}
                </Typography>
              ) : (
                <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 0.75 }}>
                  {data.ip_history.map((entry) => (
                    <Box
                      component="li"
                      key={entry.ip}
                      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
                    >
                      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                        {entry.ip}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {`${t('lineConnections.history.lastSeen')}: ${formatDateTime(entry.last_seen_at, language)}`}
                      </Typography>
                    </Box>
                  ))}
                </Stack>
              )}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
});
