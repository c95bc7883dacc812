import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Message } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';

type MessageListItemProps = {
  message: Message;
  /** In the viewer's own inbox (global or to them): only those can be marked read by them. */
  own: boolean;
  canDelete: boolean;
  marking: boolean;
  onMarkRead: (message: Message) => void;
  onDelete: (message: Message) => void;
};

export function MessageListItem(props: MessageListItemProps) {
  const { message, own, canDelete, marking, onMarkRead, onDelete } = props;
  const { t, i18n } = useTranslation();
  // Highlighted only when it is unread for the viewer; someone else's unread message is just labelled.
  const unread = own && !message.is_read;

  return (
    <Box
      component="li"
      data-testid="message-item"
      data-message-id={message.id}
      data-unread={unread ? 'true' : 'false'}
      // Opening a message is reading it, as much as marking it read.
      onClick={unread ? () => onMarkRead(message) : undefined}
      sx={(theme) => ({
        listStyle: 'none',
        display: 'flex',
        gap: 2,
        p: { xs: 2, sm: 2.5 },
        borderBottom: `1px dashed ${theme.palette.divider}`,
        '&:last-of-type': { borderBottom: 'none' },
        ...(unread && {
          cursor: 'pointer',
          bgcolor: alpha(theme.palette.primary.main, 0.06),
          boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}`,
        }),
      })}
    >
      <Box
        sx={(theme) => ({
          width: 40,
          height: 40,
          borderRadius: '50%',
          flexShrink: 0,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: unread ? 'primary.main' : 'text.secondary',
          bgcolor: unread ? alpha(theme.palette.primary.main, 0.12) : 'action.hover',
        })}
      >
        {message.is_global ? <PublicOutlinedIcon /> : <MailOutlinedIcon />}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ fontWeight: unread ? 700 : 500, wordBreak: 'break-word' }}
            data-testid="message-title"
          >
            {message.title}
          </Typography>
          {unread && (
            <Chip
              size="small"
              color="primary"
              label={t('messages.unreadChip')}
              data-testid="message-unread"
            />
          )}
          <Chip
            size="small"
            variant="outlined"
            label={
              message.is_global
                ? t('messages.global')
                : t('messages.to', { email: message.recipient_email ?? '' })
            }
          />
          {!own && !message.is_global && (
            <Chip
              size="small"
              variant="outlined"
              color={message.is_read ? 'success' : 'warning'}
              label={message.is_read ? t('messages.recipientRead') : t('messages.recipientUnread')}
            />
          )}
        </Box>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="message-content"
        >
          {message.content}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
          {formatDateTime(message.created_at, i18n.resolvedLanguage)}
          {' · '}
          {message.created_by_email
            ? t('messages.from', { email: message.created_by_email })
            : t('messages.fromSystem')}
        </Typography>
      </Box>
      <Box
        sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, flexShrink: 0 }}
        onClick={(event) => event.stopPropagation()}
      >
        {unread && (
          <Tooltip title={t('messages.markRead')}>
            <IconButton
              onClick={() => onMarkRead(message)}
              loading={marking}
              aria-label={t('messages.markRead')}
              data-testid="message-mark-read"
            >
              <DraftsOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
        {canDelete && (
          <Tooltip title={t('common.delete')}>
            <IconButton
              color="error"
              onClick={() => onDelete(message)}
              aria-label={t('common.delete')}
              data-testid="message-delete"
            >
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
