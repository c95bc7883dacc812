import Chip from '@mui/material/Chip';
import { statusColor, type LineStatus } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Active success, expired and suspended error, anything else (trial) info (docs/spec-rules.md, "Status
 * colours"). Memoised on the status: a grid row is updated in place with the next page's line, and a
 * chip whose status stays the same is then not drawn again.
 */
export const LineStatusChip = memo(function LineStatusChip({ status }: { status: LineStatus }) {
  const { t } = useTranslation();
  const color = statusColor(status);
  return (
    <Chip
      size="small"
      // Minimal-style soft label: the colour's lightest tone behind its dark tone.
      sx={{ bgcolor: `${color}.lighter`, color: `${color}.dark`, fontWeight: 600 }}
      label={t(`lines.status.${status}`)}
      data-testid="line-status"
      data-status={status}
      data-color={color}
    />
  );
});
