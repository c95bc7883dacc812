import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { TicketAttachment as Attachment } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { TicketAttachment } from './ticket-attachment';

type TicketMessageProps = {
  author: string | null;
  fromSupport: boolean;
  mine: boolean;
  content: string;
  createdAt: string;
  attachment?: Attachment | null;
  /** The other side has not read it yet (only shown on the reader's side). */
  unread?: boolean;
  testId: string;
  id?: number;
};

/** One entry of the conversation: the ticket's description or a reply. */
export function TicketMessage(props: TicketMessageProps) {
  const { author, fromSupport, mine, content, createdAt, attachment, unread, testId, id } = props;
  const { t, i18n } = useTranslation();
  const name = mine ? t('tickets.detail.you') : (author ?? t('tickets.detail.supportTeam'));
  // The author's own initial, also on one's own messages (not the "Y" of "You" or "S" of "Sie").
  const initial = (author ?? name).charAt(0).toUpperCase();
  return (
    <Box
      data-testid={testId}
      data-reply-id={id}
      data-author={fromSupport ? 'admin' : 'user'}
      sx={{ display: 'flex', gap: 2, flexDirection: mine ? 'row-reverse' : 'row' }}
    >
      <Avatar
        aria-hidden
        data-testid="ticket-message-avatar"
        sx={{
          width: 40,
          height: 40,
          bgcolor: fromSupport ? 'primary.main' : 'grey.300',
          color: fromSupport ? 'primary.contrastText' : 'text.primary',
          fontSize: 16,
          fontWeight: 600,
        }}
      >
        {initial}
      </Avatar>
      <Box sx={{ minWidth: 0, maxWidth: { xs: 'calc(100% - 56px)', md: '80%' } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            mb: 0.75,
            justifyContent: mine ? 'flex-end' : 'flex-start',
          }}
        >
          <Typography variant="subtitle2" data-testid="ticket-message-author">
            {name}
          </Typography>
          {fromSupport && (
            <Chip
              size="small"
              color="primary"
              label={t('tickets.detail.supportTeam')}
              data-testid="ticket-message-admin"
              sx={{ height: 20, fontSize: 11 }}
            />
          )}
          {unread && (
            <Chip
              size="small"
              color="info"
              variant="outlined"
              label={t('tickets.list.unread')}
              sx={{ height: 20, fontSize: 11 }}
            />
          )}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {formatDateTime(createdAt, i18n.resolvedLanguage)}
          </Typography>
        </Box>
        <Box
          sx={(theme) => ({
            px: 2,
            py: 1.5,
            borderRadius: 1.5,
            ...(mine ? { borderTopRightRadius: 4 } : { borderTopLeftRadius: 4 }),
            bgcolor: fromSupport ? alpha(theme.palette.primary.main, 0.08) : 'background.neutral',
          })}
        >
          {content && (
            <Typography
              variant="body2"
              data-testid="ticket-message-content"
              sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
            >
              {content}
            </Typography>
          )}
          {attachment && <TicketAttachment attachment={attachment} />}
        </Box>
      </Box>
    </Box>
  );
}
