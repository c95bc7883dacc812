import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  actsAsAdmin,
  ticketPriorities,
  ticketStatuses,
  type TicketDetail,
  type TicketPatchBody,
} from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useTicketAssignees, useUpdateTicket } from '../hooks/use-tickets';

const UNASSIGNED = '__none__';

/** Admins change status, priority and assignee; each change is saved at once. */
export function TicketAdminControls({ ticket }: { ticket: TicketDetail }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const update = useUpdateTicket(ticket.id);
  // The admins to assign to: a staff member scoped to a subtree is not given the panel's list.
  const assigns = actsAsAdmin(useAccount(), 'GET /api/tickets/assignees');
  const assignees = useTicketAssignees(assigns);

  const save = (body: TicketPatchBody) =>
    update.mutate(body, { onSuccess: () => snackbar(t('tickets.detail.saved')) });

  // The current assignee stays selectable even if the list has not loaded (or no longer has them).
  const options = assignees.data ?? [];
  const assigneeOptions =
    ticket.assigned_to && !options.some((option) => option.id === ticket.assigned_to)
      ? [...options, { id: ticket.assigned_to, email: ticket.assigned_to_email ?? ticket.assigned_to }]
      : options;

  return (
    <Stack sx={{ gap: 2 }} data-testid="ticket-admin-controls">
      <Typography variant="overline" sx={{ color: 'text.secondary' }}>
        {t('tickets.detail.manage')}
      </Typography>
      {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
      <TextField
        select
        size="small"
        label={t('tickets.fields.status')}
        value={ticket.status}
        disabled={update.isPending}
        onChange={(event) => save({ status: event.target.value as TicketDetail['status'] })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-status-select' } as object } }}
      >
        {ticketStatuses.map((status) => (
          <MenuItem key={status} value={status} data-testid={`status-option-${status}`}>
            {t(`tickets.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('tickets.fields.priority')}
        value={ticket.priority}
        disabled={update.isPending}
        onChange={(event) => save({ priority: event.target.value as TicketDetail['priority'] })}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'ticket-priority-select' } as object } }}
      >
        {ticketPriorities.map((priority) => (
          <MenuItem key={priority} value={priority} data-testid={`priority-option-${priority}`}>
            {t(`tickets.priority.${priority}`)}
          </MenuItem>
        ))}
      </TextField>
      {assigns && (
        <TextField
          select
          size="small"
          label={t('tickets.fields.assignee')}
          value={ticket.assigned_to ?? UNASSIGNED}
          disabled={update.isPending}
          onChange={(event) =>
            save({ assigned_to: event.target.value === UNASSIGNED ? null : event.target.value })
          }
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'ticket-assignee-select' } as object },
          }}
        >
          <MenuItem value={UNASSIGNED} data-testid="assignee-option-none">
            {t('tickets.detail.unassigned')}
          </MenuItem>
          {assigneeOptions.map((assignee) => (
            <MenuItem key={assignee.id} value={assignee.id} data-testid="assignee-option">
              {assignee.email}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
