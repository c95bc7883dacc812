import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EcmRange } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { formatNumber } from '../../../lib/number-format';
import { useServerEcmStats } from '../hooks/use-ecm-stats';
import { EcmChart, EcmTotalsLine } from './ecm-chart';
import { EcmRangePicker } from './ecm-range-picker';
import { ServerLoadPanel } from './server-load-panel';

/** A server's answer rate and time over a period, and each reader's state, figures and chart (admin). */
export function ServerEcmDialog({
  server,
  open,
  onClose,
}: {
  server: { id: number; name: string } | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const errorMessage = useErrorMessage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [range, setRange] = useState<EcmRange>('24h');
  const query = useServerEcmStats(open && server ? server.id : null, range);
  const data = query.data;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      data-testid="server-ecm-dialog"
    >
      <DialogTitle>
        {server ? t('ecmStats.openNamed', { name: server.name }) : t('ecmStats.serverTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('ecmStats.serverSubtitle')}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <EcmRangePicker value={range} onChange={setRange} />
          </Box>
          {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
          {query.isPending && <Skeleton variant="rounded" height={180} />}
          {data && (
            <>
              {data.poll_error && (
                <Alert severity="warning" data-testid="server-ecm-poll-error">
                  {t('ecmStats.pollError', { error: data.poll_error })}
                </Alert>
              )}
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {data.polled_at
                  ? t('ecmStats.polledAt', { time: formatDateTime(data.polled_at, language) })
                  : t('ecmStats.notPolled')}
              </Typography>
              <EcmTotalsLine totals={data.totals} testId="server-ecm-totals" />
              <EcmChart points={data.points} granularity={data.granularity} />
              <Typography variant="subtitle1">{t('ecmStats.readers')}</Typography>
              {data.readers.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('ecmStats.readersNone')}
                </Typography>
              ) : (
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" aria-label={t('ecmStats.readers')} data-testid="server-ecm-readers">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('ecmStats.reader')}</TableCell>
                        <TableCell>{t('ecmStats.protocol')}</TableCell>
                        <TableCell>{t('ecmStats.state')}</TableCell>
                        <TableCell align="right">{t('ecmStats.availability')}</TableCell>
                        <TableCell align="right">{t('ecmStats.answered')}</TableCell>
                        <TableCell align="right">{t('ecmStats.notAnswered')}</TableCell>
                        <TableCell align="right">{t('ecmStats.rate')}</TableCell>
                        <TableCell align="right">{t('ecmStats.answerTime')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.readers.map((reader) => (
                        <TableRow key={reader.label} data-testid="server-ecm-reader">
                          <TableCell sx={{ wordBreak: 'break-all' }}>{reader.label}</TableCell>
                          <TableCell>{reader.protocol}</TableCell>
                          <TableCell>{reader.state}</TableCell>
                          <TableCell align="right">
                            {reader.up_ratio === null
                              ? '–'
                              : formatNumber(reader.up_ratio, language, { style: 'percent' })}
                          </TableCell>
                          <TableCell align="right" data-testid="server-ecm-reader-ok">
                            {formatNumber(reader.ok, language)}
                          </TableCell>
                          <TableCell align="right" data-testid="server-ecm-reader-nok">
                            {formatNumber(reader.nok, language)}
                          </TableCell>
                          <TableCell align="right">
                            {reader.ok + reader.nok === 0
                              ? '–'
                              : formatNumber(reader.ok / (reader.ok + reader.nok), language, {
                                  style: 'percent',
                                  maximumFractionDigits: 1,
                                })}
                          </TableCell>
                          <TableCell align="right">
                            {reader.avg_ms === null ? '–' : formatNumber(reader.avg_ms, language)}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
              {data.readers.length > 0 && (
                <>
                  <Typography variant="subtitle1">{t('ecmStats.readerCharts')}</Typography>
                  {data.readers.map((reader) => (
                    <Box
                      component="section"
                      key={reader.label}
                      aria-label={t('ecmStats.readerChartLabel', { name: reader.label })}
                      data-testid="server-ecm-reader-chart"
                    >
                      <Typography variant="subtitle2" sx={{ wordBreak: 'break-all' }}>
                        {reader.label} · {reader.state}
                      </Typography>
                      <EcmTotalsLine
                        totals={{ ok: reader.ok, nok: reader.nok, avg_ms: reader.avg_ms }}
                        testId="server-ecm-reader-totals"
                      />
                      <EcmChart points={reader.points} granularity={data.granularity} />
                    </Box>
                  ))}
                </>
              )}
            </>
          )}
          {server && <ServerLoadPanel serverId={server.id} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ecmStats.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
