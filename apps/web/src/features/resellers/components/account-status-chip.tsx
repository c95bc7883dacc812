import Chip from '@mui/material/Chip';
import type { AccountStatus } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

export function AccountStatusChip({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'active' ? 'success' : 'error'}
      label={t(`resellers.status.${status}`)}
      data-testid="account-status"
      data-status={status}
    />
  );
}
