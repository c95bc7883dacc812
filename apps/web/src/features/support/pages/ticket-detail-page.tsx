import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { actsAsAdmin, ticketAcceptsReplies, type TicketDetail } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { TicketAdminControls } from '../components/ticket-admin-controls';
import { TicketStatusChip } from '../components/ticket-chips';
import { TicketDetailsCard } from '../components/ticket-details-card';
import { TicketMessage } from '../components/ticket-message';
import { TicketReplyForm } from '../components/ticket-reply-form';
import { useDeleteTicket, useTicket, useUpdateTicket } from '../hooks/use-tickets';

/** The owner closes an open ticket here; a closed one is reopened from the page's header. */
function OwnerControls({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const update = useUpdateTicket(ticket.id);
  if (ticket.status === 'closed') return null;
  return (
    <Stack sx={{ gap: 1.5 }}>
      {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
      <Button
        fullWidth
        variant="outlined"
        color="inherit"
        startIcon={<TaskAltIcon />}
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { status: 'closed' },
            { onSuccess: () => snackbar(t('tickets.detail.closedSuccess')) },
          )
        }
        data-testid="ticket-close"
      >
        {t('tickets.detail.close')}
      </Button>
    </Stack>
  );
}

/** A closed ticket's first action: the owner and the admins may reopen it (the server's rule). */
function ReopenButton({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const update = useUpdateTicket(ticket.id);
  return (
    <Stack sx={{ gap: 1 }}>
      {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
      <Button
        variant="contained"
        startIcon={<LockOpenOutlinedIcon />}
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { status: 'open' },
            { onSuccess: () => snackbar(t('tickets.detail.reopenedSuccess')) },
          )
        }
        data-testid="ticket-reopen"
      >
        {t('tickets.detail.reopen')}
      </Button>
    </Stack>
  );
}

function Conversation({ ticket, accountId }: { ticket: TicketDetail; accountId: string }) {
  const ownTicket = ticket.user_id === accountId;
  return (
    <Stack sx={{ gap: 3 }} data-testid="ticket-conversation">
      <TicketMessage
        testId="ticket-description"
        author={ticket.user_email}
        fromSupport={false}
        mine={ownTicket}
        content={ticket.description}
        createdAt={ticket.created_at}
      />
      {ticket.replies.map((reply) => {
        const mine = reply.user_id === accountId;
        return (
          <TicketMessage
            key={reply.id}
            testId="ticket-reply"
            id={reply.id}
            author={reply.user_email}
            fromSupport={reply.is_admin}
            mine={mine}
            content={reply.content}
            createdAt={reply.created_at}
            attachment={reply.attachment}
          />
        );
      })}
    </Stack>
  );
}

export function TicketDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const account = useAccount();
  // A support member manages the ticket as an admin (status, priority); deleting stays the admin's.
  const admin = actsAsAdmin(account, 'PATCH /api/tickets/:id');
  const deletes = actsAsAdmin(account, 'DELETE /api/tickets/:id');
  const id = Number(useParams().id);
  const ticket = useTicket(id);
  const remove = useDeleteTicket();
  const [deleting, setDeleting] = useState(false);

  const back = (
    <Button
      component={RouterLink}
      to={paths.tickets}
      color="inherit"
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 2 }}
      data-testid="ticket-back"
    >
      {t('tickets.detail.backToList')}
    </Button>
  );

  if (
    !Number.isInteger(id) ||
    id <= 0 ||
    (ticket.isError && isApiError(ticket.error) && ticket.error.status === 404)
  ) {
    // The error texts of every area are typed apart from the core file's keys, but always loaded.
    const heading = t('errors.TICKET_NOT_FOUND' as 'errors.NOT_FOUND');
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 2, py: { xs: 4, md: 8 } }}>
        <title>{`${heading} | Linedesk`}</title>
        <SearchOffIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
        <Typography variant="h4" component="h1" data-testid="ticket-not-found-heading">
          {heading}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }} data-testid="ticket-not-found">
          {t('tickets.detail.notFound')}
        </Typography>
        <Button
          component={RouterLink}
          to={paths.tickets}
          variant="contained"
          startIcon={<ArrowBackIcon />}
          data-testid="ticket-back"
        >
          {t('tickets.detail.backToList')}
        </Button>
      </Stack>
    );
  }
  if (ticket.isError) {
    return (
      <>
        {back}
        <Alert severity="error">{errorMessage(ticket.error)}</Alert>
      </>
    );
  }
  if (!ticket.data) {
    return (
      <>
        {back}
        <Skeleton variant="text" width="50%" height={48} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 2 }} />
      </>
    );
  }

  const data = ticket.data;
  const owner = data.user_id === account.id;
  const closed = !ticketAcceptsReplies(data.status);
  return (
    <>
      <title>{`${data.title} | Linedesk`}</title>
      {back}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2, mb: { xs: 3, md: 4 } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            <Typography
              variant="h4"
              component="h1"
              data-testid="ticket-heading"
              sx={{ wordBreak: 'break-word' }}
            >
              {data.title}
            </Typography>
            <TicketStatusChip status={data.status} />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            #{data.id} · {t('tickets.detail.openedBy', { email: data.user_email })}
          </Typography>
        </Box>
        {closed && (admin || owner) && <ReopenButton ticket={data} />}
        {deletes && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => setDeleting(true)}
            data-testid="ticket-delete"
          >
            {t('tickets.detail.delete')}
          </Button>
        )}
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' } }}>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Conversation ticket={data} accountId={account.id} />
          </CardContent>
          <Divider sx={{ borderStyle: 'dashed' }} />
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            {/* A closed conversation is over: the way on is to reopen it (the header's button). */}
            <TicketReplyForm ticketId={data.id} closed={closed} />
          </CardContent>
        </Card>
        <Box>
          <TicketDetailsCard ticket={data}>
            {admin ? <TicketAdminControls ticket={data} /> : owner ? <OwnerControls ticket={data} /> : null}
          </TicketDetailsCard>
        </Box>
      </Box>

      <ConfirmDialog
        open={deleting}
        title={t('tickets.detail.deleteTitle')}
        content={
          <Stack sx={{ gap: 2 }}>
            {remove.isError && <Alert severity="error">{errorMessage(remove.error)}</Alert>}
            <Typography>{t('tickets.detail.deleteText', { title: data.title })}</Typography>
          </Stack>
        }
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
        onConfirm={() =>
          remove.mutate(data.id, {
            onSuccess: () => {
              snackbar(t('tickets.detail.deleted'));
              void navigate(paths.tickets);
            },
          })
        }
      />
    </>
  );
}
