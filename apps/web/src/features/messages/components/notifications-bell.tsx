import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Message } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LazyPopover, LazyTooltip } from '../../../components/lazy-overlays';
import { formatDateTime } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useMarkAllMessagesRead, useMarkMessageRead } from '../hooks/use-messages';
import { useUnreadMessages } from '../hooks/use-unread-messages';
import { messagePreview, UNREAD_BADGE_CAP } from '../lib/message-preview';

/** The header's notification bell: the caller's unread messages, live through the event stream. */
export function NotificationsBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadMessages();
  const markRead = useMarkMessageRead();
  const markAllRead = useMarkAllMessagesRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = unread.data?.count ?? 0;
  const items = unread.data?.items ?? [];
  const close = () => setAnchor(null);

  const open = (message: Message) => {
    markRead.mutate(message.id);
    close();
    void navigate(paths.messages);
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        // With unread messages the name carries the badge's figure, as the eye reads it.
        aria-label={
          count > 0
            ? t('messages.bell.labelUnread', {
                shown: count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count),
              })
            : t('messages.bell.label')
        }
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="notifications-bell"
        data-unread={count}
        color={anchor ? 'primary' : 'default'}
      >
        {/* No badge at 0: a hidden badge still holds its last figure, which the name would then lack. */}
        {count > 0 ? (
          <Badge
            badgeContent={count}
            max={UNREAD_BADGE_CAP}
            color="error"
            slotProps={{ badge: { 'data-testid': 'notifications-badge' } as object }}
          >
            <NotificationsOutlinedIcon />
          </Badge>
        ) : (
          <NotificationsOutlinedIcon />
        )}
      </IconButton>
      <LazyPopover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { mt: 1, width: 360, maxWidth: 'calc(100vw - 32px)' },
            'data-testid': 'notifications-popup',
          } as object,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', py: 2, pl: 2.5, pr: 1.5 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="subtitle1">{t('messages.bell.title')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="notifications-summary">
              {count > 0 ? t('messages.bell.unread', { count }) : t('messages.bell.empty')}
            </Typography>
          </Box>
          {count > 0 && (
            <LazyTooltip title={t('messages.markAllRead')}>
              <IconButton
                color="primary"
                onClick={() => markAllRead.mutate()}
                loading={markAllRead.isPending}
                aria-label={t('messages.markAllRead')}
                data-testid="notifications-mark-all-read"
              >
                <DoneAllIcon />
              </IconButton>
            </LazyTooltip>
          )}
        </Box>
        {items.length > 0 && (
          <>
            <Divider sx={{ borderStyle: 'dashed' }} />
            <List disablePadding sx={{ maxHeight: 400, overflowY: 'auto' }}>
              {items.map((message) => (
                <ListItemButton
                  key={message.id}
                  onClick={() => open(message)}
                  data-testid="notification-item"
                  data-message-id={message.id}
                  sx={{ py: 1.5, px: 2.5, alignItems: 'flex-start', bgcolor: 'action.selected' }}
                >
                  <ListItemText
                    primary={message.title}
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block', wordBreak: 'break-word' }}>
                          {messagePreview(message.content)}
                        </Box>
                        <Box component="span" sx={{ display: 'block', mt: 0.5, typography: 'caption' }}>
                          {formatDateTime(message.created_at, i18n.resolvedLanguage)}
                        </Box>
                      </>
                    }
                    slotProps={{
                      primary: { variant: 'subtitle2', sx: { wordBreak: 'break-word' } },
                      secondary: { component: 'span' },
                    }}
                  />
                </ListItemButton>
              ))}
            </List>
          </>
        )}
        <Divider sx={{ borderStyle: 'dashed' }} />
        <Box sx={{ p: 1 }}>
          <Button
            fullWidth
            color="inherit"
            component={RouterLink}
            to={paths.messages}
            onClick={close}
            data-testid="notifications-view-all"
          >
            {t('messages.bell.viewAll')}
          </Button>
        </Box>
      </LazyPopover>
    </>
  );
}
