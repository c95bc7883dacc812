import Chip from '@mui/material/Chip';
import type { TicketCategory, TicketPriority, TicketStatus } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

type ChipColor = 'default' | 'info' | 'warning' | 'success' | 'error' | 'secondary' | 'primary';

// Active states stand out; a closed ticket fades into grey.
const statusColors = {
  open: 'info',
  in_progress: 'warning',
  pending: 'secondary',
  closed: 'default',
} as const satisfies Record<TicketStatus, ChipColor>;

const priorityColors = {
  low: 'default',
  medium: 'info',
  high: 'warning',
  urgent: 'error',
} as const satisfies Record<TicketPriority, ChipColor>;

/** Minimal-style "soft" chip: tinted background, dark text of the same colour. */
function softSx(color: ChipColor) {
  if (color === 'default') return { bgcolor: 'background.neutral', color: 'text.secondary' };
  return { bgcolor: `${color}.lighter`, color: `${color}.darker` };
}

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`tickets.status.${status}`)}
      sx={softSx(statusColors[status])}
      data-testid="ticket-status"
      data-status={status}
    />
  );
}

export function TicketPriorityChip({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={priorityColors[priority]}
      label={t(`tickets.priority.${priority}`)}
      data-testid="ticket-priority"
      data-priority={priority}
    />
  );
}

export function TicketCategoryChip({ category }: { category: TicketCategory }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`tickets.category.${category}`)}
      data-testid="ticket-category"
      data-category={category}
    />
  );
}

export { priorityColors, statusColors };
