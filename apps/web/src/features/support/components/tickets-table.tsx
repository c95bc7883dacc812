import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { Ticket } from '@linedesk/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsiveTable } from '../../../components/responsive-list/responsive-table';
import { formatDateTime } from '../../../lib/format-date';
import { ticketPath } from '../lib/ticket-paths';
import { TicketPriorityChip, TicketStatusChip } from './ticket-chips';

type TicketsTableProps = { tickets: Ticket[]; showOwner: boolean };

export function TicketsTable({ tickets, showOwner }: TicketsTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const columns = useMemo<ListColumn<Ticket>[]>(() => {
    const all: (ListColumn<Ticket> | false)[] = [
      {
        field: 'title',
        headerName: t('tickets.fields.title'),
        card: 'primary',
        cellSx: { minWidth: 200 },
        render: (ticket) => (
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
            {/* The title wraps onto a second line rather than widening its column, so that every
                column down to "Last update" stays on screen at 1280 px. */}
            <Box sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={ticketPath(ticket.id)}
                color="inherit"
                variant="subtitle2"
                data-testid="ticket-title"
                sx={{
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  fontWeight: ticket.unread ? 700 : 600,
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                }}
              >
                {ticket.title}
              </Link>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                #{ticket.id} ·{' '}
                <span data-testid="ticket-category" data-category={ticket.category}>
                  {t(`tickets.category.${ticket.category}`)}
                </span>
                {ticket.unread_count > 0 && ` · ${t('tickets.list.unread')} ${ticket.unread_count}`}
              </Typography>
            </Box>
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: t('tickets.fields.status'),
        card: 'secondary',
        render: (ticket) => <TicketStatusChip status={ticket.status} />,
      },
      {
        field: 'priority',
        headerName: t('tickets.fields.priority'),
        render: (ticket) => <TicketPriorityChip priority={ticket.priority} />,
      },
      showOwner && {
        field: 'owner',
        headerName: t('tickets.fields.owner'),
        render: (ticket) => (
          <>
            <Typography variant="body2" noWrap data-testid="ticket-owner" sx={{ maxWidth: 180 }}>
              {ticket.user_email}
            </Typography>
            <Typography
              variant="caption"
              noWrap
              sx={{ color: 'text.secondary', display: 'block', maxWidth: 180 }}
            >
              {ticket.assigned_to_email ?? t('tickets.detail.unassigned')}
            </Typography>
          </>
        ),
      },
      {
        field: 'replies',
        headerName: t('tickets.fields.replies'),
        align: 'center',
        render: (ticket) => <span data-testid="ticket-reply-count">{ticket.reply_count}</span>,
      },
      {
        field: 'updated',
        headerName: t('tickets.fields.updated'),
        cellSx: { whiteSpace: 'nowrap', color: 'text.secondary' },
        render: (ticket) => (
          <span data-testid="ticket-updated">{formatDateTime(ticket.updated_at, i18n.resolvedLanguage)}</span>
        ),
      },
    ];
    return all.filter((column) => column !== false);
  }, [t, i18n.resolvedLanguage, showOwner]);

  return (
    <ResponsiveTable
      rows={tickets}
      columns={columns}
      getRowId={(ticket) => ticket.id}
      label={t('tickets.list.title')}
      minWidth={800}
      compact
      rowProps={(ticket) => ({
        testId: 'ticket-row',
        data: { 'ticket-id': ticket.id, unread: ticket.unread },
        onClick: (event) => {
          // The title link handles its own clicks (and middle-clicks open a tab).
          if ((event.target as HTMLElement).closest('a')) return;
          void navigate(ticketPath(ticket.id));
        },
        sx: (theme) =>
          ticket.unread
            ? {
                bgcolor: alpha(theme.palette.primary.main, 0.04),
                '& td:first-of-type': { boxShadow: `inset 3px 0 0 ${theme.palette.primary.main}` },
              }
            : {},
      })}
    />
  );
}
