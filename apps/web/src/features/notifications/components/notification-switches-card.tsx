import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  isAdminAccount,
  notificationChannels,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@linedesk/shared';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { useTelegramLink } from '../../telegram/hooks/use-telegram';
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
  const ready = preferences.ready[channel];
  return (
    <Switch
      // A channel that cannot deliver shows nothing on: the choice is kept for when it is set up.
      checked={ready && row.channels[channel]}
      disabled={!ready || save.isPending}
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

/** Where the card that sets a channel up is, on this page or (the panel's Telegram bot) elsewhere. */
function useSetUpTarget(channel: NotificationChannel): { href: string; anchor: boolean } | null {
  const account = useAccount();
  const telegram = useTelegramLink();
  if (channel === 'webhook') return { href: '#webhook-card', anchor: true };
  if (channel !== 'telegram') return null;
  if (telegram.data?.available) return { href: '#telegram-link-card', anchor: true };
  return isAdminAccount(account) ? { href: `${paths.settingsPanel}#telegram`, anchor: false } : null;
}

/** What a channel that cannot deliver lacks, and the way to set it up when there is one. */
function NotReady({ channel }: { channel: NotificationChannel }) {
  const { t } = useTranslation();
  const target = useSetUpTarget(channel);
  // Without the panel's bot there is no chat to link: that is what it lacks.
  const telegram = useTelegramLink();
  const botMissing = channel === 'telegram' && telegram.data?.available === false;
  const jump = (event: MouseEvent) => {
    if (!target?.anchor) return;
    event.preventDefault();
    document.querySelector(target.href)?.scrollIntoView({ block: 'start' });
  };
  return (
    <Typography variant="caption" component="div" color="text.secondary" data-testid={`not-ready-${channel}`}>
      {botMissing ? t('notifications.missing.telegramBot') : t(`notifications.missing.${channel}`)}
      {target && (
        <>
          {' '}
          <Link
            component={RouterLink}
            to={target.href}
            onClick={jump}
            underline="always"
            data-testid={`set-up-${channel}`}
          >
            {t('notifications.setUp')}
          </Link>
        </>
      )}
    </Typography>
  );
}

/**
 * Each kind of notice on each channel, one switch apiece: a grid on wide screens; on a phone one
 * channel at a time (tabs), a compact row a kind. A channel that is not set up yet (no webhook
 * address, no linked Telegram chat, no mail server) says what it lacks and links to where it is set
 * up; its switches are off and cannot be turned until then.
 */
export function NotificationSwitchesCard({ preferences }: { preferences: NotificationPreferences }) {
  const { t } = useTranslation();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [tab, setTab] = useState<NotificationChannel>(notificationChannels[0]);
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
                  <TableCell key={channel} align="center" sx={{ verticalAlign: 'top' }}>
                    {channelName(channel)}
                    {!preferences.ready[channel] && <NotReady channel={channel} />}
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
          <>
            <Tabs
              value={tab}
              onChange={(_, value: NotificationChannel) => setTab(value)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={t('notifications.channelsLabel')}
              sx={{ mb: 1 }}
            >
              {notificationChannels.map((channel) => (
                <Tab
                  key={channel}
                  value={channel}
                  label={channelName(channel)}
                  id={`channel-tab-${channel}`}
                  aria-controls="channel-panel"
                  data-testid={`channel-tab-${channel}`}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id="channel-panel" aria-labelledby={`channel-tab-${tab}`}>
              {!preferences.ready[tab] && (
                <Box sx={{ py: 1 }}>
                  <NotReady channel={tab} />
                </Box>
              )}
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {preferences.kinds.map(({ kind }) => (
                  <Box
                    component="li"
                    key={kind}
                    data-testid={`kind-row-${kind}`}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      gap: 1,
                      py: 0.25,
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Typography variant="body2">{t(`notifications.kinds.${kind}`)}</Typography>
                    <ChannelSwitch
                      preferences={preferences}
                      kind={kind}
                      channel={tab}
                      label={switchLabel(kind, tab)}
                    />
                  </Box>
                ))}
              </Box>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
