import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TicketDetail } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { TicketCategoryChip, TicketPriorityChip, TicketStatusChip } from './ticket-chips';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, minHeight: 28 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', flexShrink: 0 }}>
        {label}
      </Typography>
      <Box
        data-testid={testId}
        sx={{
          minWidth: 0,
          textAlign: 'right',
          typography: 'body2',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** What a ticket is: its chips, people and dates; `children` holds the controls the caller may use. */
export function TicketDetailsCard({ ticket, children }: { ticket: TicketDetail; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return (
    <Card>
      <CardHeader title={t('tickets.detail.details')} />
      <CardContent>
        <Stack sx={{ gap: 1.25 }}>
          <Row label={t('tickets.fields.status')}>
            <TicketStatusChip status={ticket.status} />
          </Row>
          <Row label={t('tickets.fields.priority')}>
            <TicketPriorityChip priority={ticket.priority} />
          </Row>
          <Row label={t('tickets.fields.category')}>
            <TicketCategoryChip category={ticket.category} />
          </Row>
          <Row label={t('tickets.fields.owner')} testId="ticket-owner">
            {ticket.user_email}
          </Row>
          <Row label={t('tickets.fields.assignee')} testId="ticket-assignee">
            {ticket.assigned_to_email ?? t('tickets.detail.unassigned')}
          </Row>
          <Row label={t('tickets.fields.created')}>{formatDateTime(ticket.created_at, locale)}</Row>
          <Row label={t('tickets.fields.updated')} testId="ticket-updated">
            {formatDateTime(ticket.updated_at, locale)}
          </Row>
        </Stack>
        {children && (
          <>
            <Divider sx={{ borderStyle: 'dashed', my: 2.5 }} />
            {children}
          </>
        )}
      </CardContent>
    </Card>
  );
}
