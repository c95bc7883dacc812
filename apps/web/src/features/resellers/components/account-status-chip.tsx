import Chip from '@mui/material/Chip';
import type { AccountStatus } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

/** A not-banned account that never confirmed its email cannot sign in yet, so it is not shown as active. */
export function AccountStatusChip({
  status,
  emailVerified,
}: {
  status: AccountStatus;
  emailVerified: boolean;
}) {
  const { t } = useTranslation();
  const shown = status === 'active' && !emailVerified ? 'unconfirmed' : status;
  const color = shown === 'active' ? 'success' : shown === 'unconfirmed' ? 'warning' : 'error';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={t(`resellers.status.${shown}`)}
      data-testid="account-status"
      data-status={shown}
    />
  );
}
