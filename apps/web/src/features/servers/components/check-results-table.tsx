import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
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

export function CheckResultsTable({ rows }: { rows: CheckRow[] }) {
  const { t } = useTranslation();
  const serverMessage = useServerMessage();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table sx={{ minWidth: 860 }} aria-label={t('servers.check.title')}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>{t('servers.fields.serverName')}</TableCell>
            <TableCell>{t('servers.fields.status')}</TableCell>
            <TableCell>{t('servers.check.health')}</TableCell>
            <TableCell>{t('servers.check.auth')}</TableCell>
            <TableCell>{t('servers.fields.version')}</TableCell>
            <TableCell>{t('servers.check.result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.id}
              data-testid="check-row"
              data-server-id={row.id}
              data-state={row.state}
              aria-busy={row.state === 'pending'}
            >
              <TableCell sx={{ maxWidth: 260 }}>
                <Typography
                  variant="subtitle2"
                  data-testid="check-server-name"
                  sx={{ wordBreak: 'break-word' }}
                >
                  {row.name}
                </Typography>
                {row.address && (
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {t('servers.check.agentAt', { address: row.address })}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {row.state === 'pending' ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('servers.check.checking')}
                  </Typography>
                ) : (
                  row.status && <ServerStatusChip status={row.status} />
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StepCell row={row} passed={row.health} testId="check-health" />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <StepCell row={row} passed={row.auth} testId="check-auth" />
              </TableCell>
              <TableCell
                data-testid="check-version"
                sx={{ color: row.version ? 'text.primary' : 'text.secondary' }}
              >
                {row.state === 'pending' ? '' : (row.version ?? '—')}
              </TableCell>
              <TableCell sx={{ minWidth: 240, maxWidth: 360 }}>
                {row.state !== 'pending' && (
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
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
