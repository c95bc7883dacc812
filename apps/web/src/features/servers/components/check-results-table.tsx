import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../components/responsive-list/list-column';
import { ResponsiveTable } from '../../../components/responsive-list/responsive-table';
import { useServerMessage } from '../hooks/use-server-messages';
import type { CheckRow } from '../lib/check-rows';
import { ServerStatusChip } from './server-status-chip';

function StepCell({ row, passed, testId }: { row: CheckRow; passed: boolean | null; testId: string }) {
  const { t } = useTranslation();
  if (row.state === 'pending') {
    return (
      <CircularProgress size={18} aria-label={t('servers.check.waiting')} data-testid={`${testId}-pending`} />
    );
  }
  if (passed === null) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={testId}>
        —
      </Typography>
    );
  }
  return (
    <Box
      data-testid={testId}
      data-ok={passed}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: passed ? 'success.dark' : 'error.main',
        typography: 'body2',
      }}
    >
      {passed ? <CheckCircleIcon fontSize="small" /> : <CancelIcon fontSize="small" />}
      {passed ? t('servers.check.passed') : t('servers.check.failed')}
    </Box>
  );
}

/**
 * One row per server and its check's steps: a table on a wide screen, cards on a phone, where a
 * table this wide would hide its result in a sideways scroll.
 */
export function CheckResultsTable({ rows }: { rows: CheckRow[] }) {
  const { t } = useTranslation();
  const serverMessage = useServerMessage();
  const columns: ListColumn<CheckRow>[] = [
    {
      field: 'name',
      headerName: t('servers.fields.serverName'),
      card: 'primary',
      cellSx: { maxWidth: 260 },
      render: (row) => (
        <>
          <Typography variant="subtitle2" data-testid="check-server-name" sx={{ wordBreak: 'break-word' }}>
            {row.name}
          </Typography>
          {row.address && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('servers.check.agentAt', { address: row.address })}
            </Typography>
          )}
        </>
      ),
    },
    {
      field: 'status',
      headerName: t('servers.fields.status'),
      card: 'secondary',
      render: (row) =>
        row.state === 'pending' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('servers.check.checking')}
          </Typography>
        ) : (
          row.status && <ServerStatusChip status={row.status} />
        ),
    },
    {
      field: 'health',
      headerName: t('servers.check.health'),
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => <StepCell row={row} passed={row.health} testId="check-health" />,
    },
    {
      field: 'auth',
      headerName: t('servers.check.auth'),
      cellSx: { whiteSpace: 'nowrap' },
      render: (row) => <StepCell row={row} passed={row.auth} testId="check-auth" />,
    },
    {
      field: 'version',
      headerName: t('servers.fields.version'),
      render: (row) => (
        <Box
          component="span"
          data-testid="check-version"
          sx={{ color: row.version ? 'text.primary' : 'text.secondary' }}
        >
          {row.state === 'pending' ? '' : (row.version ?? '—')}
        </Box>
      ),
    },
    {
      field: 'result',
      headerName: t('servers.check.result'),
      cellSx: { minWidth: 240, maxWidth: 360 },
      render: (row) =>
        row.state !== 'pending' && (
          <Typography
            variant="body2"
            data-testid="check-message"
            sx={{
              color: row.ok === false ? 'error.main' : row.ok ? 'success.dark' : 'text.secondary',
              wordBreak: 'break-word',
            }}
          >
            {row.message
              ? serverMessage(row.message)
              : row.state === 'idle'
                ? t('servers.check.notRun')
                : '—'}
          </Typography>
        ),
    },
  ];
  return (
    <ResponsiveTable
      rows={rows}
      columns={columns}
      getRowId={(row) => row.id}
      label={t('servers.check.title')}
      minWidth={860}
      rowProps={(row) => ({ testId: 'check-row', data: { 'server-id': row.id, state: row.state } })}
    />
  );
}
