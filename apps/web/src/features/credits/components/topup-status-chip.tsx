import Chip from '@mui/material/Chip';
import type { TopUpStatus } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

const colors = {
  awaiting_payment: 'info',
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  expired: 'default',
  underpaid: 'error',
  needs_attention: 'error',
  revoked: 'warning',
} as const satisfies Record<TopUpStatus, string>;

export function TopUpStatusChip({ status }: { status: TopUpStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[status]}
      label={t(`credits.topups.statuses.${status}`)}
      data-testid="topup-status"
      data-status={status}
    />
  );
}
