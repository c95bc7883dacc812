import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePainted } from '../../../hooks/use-painted';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useOnlineByServer } from '../../lines/hooks/use-line-connections';

/** Lines connected now on each server (the caller's own lines for resellers), refreshed live. */
export function OnlineByServerCard() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  // Asked for once the dashboard's figures have painted: the card sits below them.
  const online = useOnlineByServer(usePainted());
  const number = (value: number) => formatNumber(value, i18n.resolvedLanguage);
  const top = Math.max(1, ...(online.data?.items.map((item) => item.online_lines) ?? []));

  return (
    <Card data-testid="online-by-server-card">
      <CardHeader
        title={t('lineConnections.dashboard.title')}
        subheader={t('lineConnections.dashboard.subtitle')}
        action={
          online.data && (
            <Typography variant="h5" component="p" sx={{ px: 1 }} data-testid="online-total">
              {number(online.data.total_online)}
            </Typography>
          )
        }
      />
      <CardContent>
        {online.isError && <Alert severity="error">{errorMessage(online.error)}</Alert>}
        {online.isPending && <Skeleton variant="rounded" height={48} />}
        {online.data && online.data.items.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lineConnections.dashboard.none')}
          </Typography>
        )}
        {online.data && online.data.items.length > 0 && (
          <Stack sx={{ gap: 1.5 }}>
            {online.data.items.map((item) => (
              <Box key={item.server_id} data-testid="online-server">
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>
                    {item.server_name}
                  </Typography>
                  <Typography variant="subtitle2">{number(item.online_lines)}</Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={(item.online_lines / top) * 100}
                  color="success"
                  aria-label={`${item.server_name}: ${t('lineConnections.dashboard.lines', { count: item.online_lines })}`}
                  sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
                />
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
