import Chip from '@mui/material/Chip';
import type { ServerStatus } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';

// Active is success, inactive is warning, error is error (docs/spec-rules.md, "Status colours").
const colors = { active: 'success', inactive: 'warning', error: 'error' } as const satisfies Record<
  ServerStatus,
  string
>;

export function ServerStatusChip({ status }: { status: ServerStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[status]}
      label={t(`servers.status.${status}`)}
      data-testid="server-status"
      data-status={status}
    />
  );
}
