import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  notificationChannels,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSaveNotificationPreferences } from '../hooks/use-notifications';

type SwitchProps = {
  preferences: NotificationPreferences;
  kind: NotificationKind;
  channel: NotificationChannel;
  label: string;
};

function ChannelSwitch({ preferences, kind, channel, label }: SwitchProps) {
  const save = useSaveNotificationPreferences();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const row = preferences.kinds.find((k) => k.kind === kind)!;
  return (
    <Switch
      checked={row.channels[channel]}
      disabled={save.isPending}
      onChange={(event) =>
        save.mutate(
          { switches: [{ kind, channel, enabled: event.target.checked }] },
          { onError: (error) => snackbar(errorMessage(error), 'error') },
        )
      }
      slotProps={{ input: { 'aria-label': label } }}
      data-testid={`switch-${kind}-${channel}`}
    />
  );
}

/**
 * Each kind of notice on each channel, one switch apiece: a grid on wide screens, a card per kind on
 * a phone. A channel that is not set up yet (no webhook address, no linked Telegram chat) says so in
 * its heading; its switches still keep the choice for when it is.
 */
export function NotificationSwitchesCard({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const channelName = (channel: NotificationChannel) => t(`notifications.channels.${channel}`);
  const switchLabel = (kind: NotificationKind, channel: NotificationChannel) =>
    `${t(`notifications.kinds.${kind}`)}: ${channelName(channel)}`;

  return (
    <Card data-testid="notification-switches">
      <CardHeader title={t('notifications.kindsTitle')} />
      <CardContent sx={{ pt: 0 }}>
        {wide ? (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.kind')}</TableCell>
                {notificationChannels.map((channel) => (
                  <TableCell key={channel} align="center">
                    {channelName(channel)}
                    {!preferences.ready[channel] && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {t('notifications.notReady')}
                      </Typography>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preferences.kinds.map(({ kind }) => (
                <TableRow key={kind} hover>
                  <TableCell>{t(`notifications.kinds.${kind}`)}</TableCell>
                  {notificationChannels.map((channel) => (
                    <TableCell key={channel} align="center">
                      <ChannelSwitch
                        preferences={preferences}
                        kind={kind}
                        channel={channel}
                        label={switchLabel(kind, channel)}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Stack sx={{ gap: 1.5 }}>
            {preferences.kinds.map(({ kind }) => (
              <Box
                key={kind}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
                data-testid={`kind-card-${kind}`}
              >
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  {t(`notifications.kinds.${kind}`)}
                </Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
                  {notificationChannels.map((channel) => (
                    <FormControlLabel
                      key={channel}
                      control={
                        <ChannelSwitch
                          preferences={preferences}
                          kind={kind}
                          channel={channel}
                          label={switchLabel(kind, channel)}
                        />
                      }
                      label={channelName(channel)}
                      sx={{ m: 0, color: preferences.ready[channel] ? undefined : 'text.secondary' }}
                    />
                  ))}
                </Box>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
