import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import CloudDoneOutlinedIcon from '@mui/icons-material/CloudDoneOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CloudSyncOutlinedIcon from '@mui/icons-material/CloudSyncOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { ErrorParams, LineSyncState } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncText } from '../hooks/use-sync-text';

const colors = {
  synced: 'success',
  pending: 'warning',
  failing: 'error',
  refused: 'error',
} as const satisfies Record<LineSyncState, string>;
const icons = {
  synced: <CloudDoneOutlinedIcon />,
  pending: <CloudSyncOutlinedIcon />,
  failing: <CloudOffOutlinedIcon />,
  refused: <BlockOutlinedIcon />,
} satisfies Record<LineSyncState, unknown>;

type LineSyncChipProps = {
  state: LineSyncState;
  error: string | null;
  code?: string | null;
  params?: ErrorParams | null;
};

/**
 * Whether the server has the line as the panel has it; a failing line shows the last error on hover.
 * Memoised (as the status chip) for the grid's rows, updated in place from page to page.
 */
export const LineSyncChip = memo(function LineSyncChip({ state, error, code, params }: LineSyncChipProps) {
  const { t } = useTranslation();
  const syncText = useSyncText();
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={colors[state]}
      icon={icons[state]}
      label={t(`lines.sync.${state}`)}
      data-testid="line-sync"
      data-sync-state={state}
    />
  );
  if (!error || state === 'synced') return chip;
  return (
    <Tooltip title={syncText({ text: error, code, params })} data-testid="line-sync-error">
      {chip}
    </Tooltip>
  );
});
