import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Ticket } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { ticketPath } from '../lib/ticket-paths';
import { TicketCategoryChip, TicketPriorityChip, TicketStatusChip } from './ticket-chips';

type TicketsTableProps = { tickets: Ticket[]; showOwner: boolean };

export function TicketsTable({ tickets, showOwner }: TicketsTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table sx={{ minWidth: 800 }} aria-label={t('tickets.list.title')}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>{t('tickets.fields.title')}</TableCell>
            <TableCell>{t('tickets.fields.status')}</TableCell>
            <TableCell>{t('tickets.fields.priority')}</TableCell>
            <TableCell>{t('tickets.fields.category')}</TableCell>
            {showOwner && <TableCell>{t('tickets.fields.owner')}</TableCell>}
            <TableCell align="center">{t('tickets.fields.replies')}</TableCell>
            <TableCell>{t('tickets.fields.updated')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tickets.map((ticket) => (
            <TableRow
              key={ticket.id}
              hover
              data-testid="ticket-row"
              data-ticket-id={ticket.id}
              data-unread={ticket.unread}
              onClick={(event) => {
                // The title link handles its own clicks (and middle-clicks open a tab).
                if ((event.target as HTMLElement).closest('a')) return;
                void navigate(ticketPath(ticket.id));
              }}
              sx={(theme) => ({
                cursor: 'pointer',
                ...(ticket.unread && {
                  bgcolor: alpha(theme.palette.primary.main, 0.04),
                  '& td:first-of-type': { boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}` },
                }),
              })}
            >
              <TableCell sx={{ minWidth: 220 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  {ticket.unread && (
                    <Badge
                      color="primary"
                      variant="dot"
                      sx={{ '& .MuiBadge-dot': { position: 'static', transform: 'none' } }}
                      role="img"
                      aria-label={t('tickets.list.unreadReplies')}
                      data-testid="ticket-unread"
                    >
                      <span />
                    </Badge>
                  )}
                  {/* A table cell's own max-width is ignored by the table's layout: the text's box holds
                      the long title, so that "Last update" stays on screen at 1440 px. */}
                  <Box sx={{ minWidth: 0, maxWidth: 320 }}>
                    <Link
                      component={RouterLink}
                      to={ticketPath(ticket.id)}
                      color="inherit"
                      variant="subtitle2"
                      data-testid="ticket-title"
                      sx={{
                        display: 'block',
                        fontWeight: ticket.unread ? 700 : 600,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {ticket.title}
                    </Link>
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      #{ticket.id}
                      {ticket.unread_count > 0 && ` · ${t('tickets.list.unread')} ${ticket.unread_count}`}
                    </Typography>
                  </Box>
                </Box>
              </TableCell>
              <TableCell>
                <TicketStatusChip status={ticket.status} />
              </TableCell>
              <TableCell>
                <TicketPriorityChip priority={ticket.priority} />
              </TableCell>
              <TableCell>
                <TicketCategoryChip category={ticket.category} />
              </TableCell>
              {showOwner && (
                <TableCell>
                  <Typography variant="body2" noWrap data-testid="ticket-owner" sx={{ maxWidth: 200 }}>
                    {ticket.user_email}
                  </Typography>
                  <Typography
                    variant="caption"
                    noWrap
                    sx={{ color: 'text.secondary', display: 'block', maxWidth: 200 }}
                  >
                    {ticket.assigned_to_email ?? t('tickets.detail.unassigned')}
                  </Typography>
                </TableCell>
              )}
              <TableCell align="center" data-testid="ticket-reply-count">
                {ticket.reply_count}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                {formatDateTime(ticket.updated_at, i18n.resolvedLanguage)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
