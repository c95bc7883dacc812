import Chip from '@mui/material/Chip';
import type { RedeemCode } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

const colors = {
  valid: 'success',
  inactive: 'default',
  expired: 'warning',
  used_up: 'info',
} as const satisfies Record<RedeemCode['status'], string>;

export function RedeemCodeStatusChip({ status }: { status: RedeemCode['status'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[status]}
      label={t(`credits.codes.statuses.${status}`)}
      data-testid="code-status"
      data-status={status}
    />
  );
}
