import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EcmRange } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useLineEcmStats } from '../hooks/use-ecm-stats';
import { EcmChart, EcmTotalsLine } from './ecm-chart';
import { EcmRangePicker } from './ecm-range-picker';

/** The line page's answer to "is this customer getting pictures": ECMs over time and channels watched. */
export function LineEcmCard({ lineId }: { lineId: number }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const [range, setRange] = useState<EcmRange>('24h');
  const query = useLineEcmStats(lineId, range);
  const data = query.data;
  return (
    <Card data-testid="line-ecm-card">
      <CardHeader title={t('ecmStats.lineTitle')} subheader={t('ecmStats.lineSubtitle')} />
      <CardContent>
        <Stack sx={{ gap: 2 }}>
          <Box sx={{ overflowX: 'auto' }}>
            <EcmRangePicker value={range} onChange={setRange} />
          </Box>
          {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
          {query.isPending && <Skeleton variant="rounded" height={180} />}
          {data && (
            <>
              <EcmTotalsLine totals={data.totals} testId="line-ecm-totals" />
              <EcmChart points={data.points} granularity={data.granularity} />
              <Divider />
              <Box data-testid="line-ecm-channels">
                <Typography variant="subtitle1">{t('ecmStats.channels')}</Typography>
                {data.channels.length === 0 ? (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('ecmStats.channelsNone')}
                  </Typography>
                ) : (
                  <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, gap: 0.75 }}>
                    {data.channels.map((channel) => (
                      <Box
                        component="li"
                        key={`${channel.caid ?? ''}:${channel.srvid ?? ''}`}
                        sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}
                        data-testid="line-ecm-channel"
                      >
                        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                          {channel.channel ?? '–'}
                          <Typography
                            component="span"
                            variant="caption"
                            sx={{ color: 'text.secondary', fontFamily: 'monospace', ml: 1 }}
                          >
                            {[channel.caid, channel.srvid].filter(Boolean).join(':')}
                          </Typography>
                        </Typography>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {t('ecmStats.channelPolls', {
                            value: formatNumber(channel.polls, i18n.resolvedLanguage),
                          })}
                        </Typography>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Box>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
