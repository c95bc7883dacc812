import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { dateTimeFormat, type EcmGranularity, type EcmPoint, type EcmTotals } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { chartNumber, formatNumber } from '../../../lib/number-format';

const HEIGHT = 180;

function bucketLabel(iso: string, granularity: EcmGranularity, locale: string | undefined): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'day'
      ? { day: '2-digit', month: 'short', timeZone: 'UTC' }
      : granularity === 'hour'
        ? { day: '2-digit', hour: '2-digit', minute: '2-digit' }
        : { hour: '2-digit', minute: '2-digit' };
  return dateTimeFormat(locale ?? 'en', options).format(new Date(iso));
}

/** The totals in words: what a reseller reads out to a customer on the phone. */
export function EcmTotalsLine({ totals, testId }: { totals: EcmTotals; testId?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const asked = totals.ok + totals.nok;
  const rate =
    asked > 0
      ? formatNumber(totals.ok / asked, language, { style: 'percent', maximumFractionDigits: 1 })
      : '–';
  return (
    <Stack direction="row" sx={{ gap: { xs: 1, sm: 3 }, flexWrap: 'wrap' }} data-testid={testId}>
      <Typography variant="body2" data-testid="ecm-answered">
        {t('ecmStats.answeredLabel', { value: formatNumber(totals.ok, language) })}
      </Typography>
      <Typography variant="body2" data-testid="ecm-not-answered">
        {t('ecmStats.notAnsweredLabel', { value: formatNumber(totals.nok, language) })}
      </Typography>
      <Typography variant="body2" data-testid="ecm-rate">
        {t('ecmStats.rateLabel', { value: rate })}
      </Typography>
      <Typography variant="body2" data-testid="ecm-avg">
        {totals.avg_ms === null
          ? t('ecmStats.avgNone')
          : t('ecmStats.avgLabel', { value: formatNumber(totals.avg_ms, language) })}
      </Typography>
    </Stack>
  );
}

/**
 * Answered and unanswered ECMs per bucket (stacked bars), and the mean answer time under them:
 * both drawn from the buckets the API summed, nothing added up in the browser.
 */
export function EcmChart({
  points,
  granularity,
  showTime = true,
}: {
  points: EcmPoint[];
  granularity: EcmGranularity;
  showTime?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.resolvedLanguage;
  const number = chartNumber(language);
  const labels = points.map((point) => bucketLabel(point.at, granularity, language));
  if (points.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 3 }} data-testid="ecm-chart-empty">
        {t('ecmStats.none')}
      </Typography>
    );
  }
  const timed = points.some((point) => point.avg_ms !== null);
  return (
    <Box data-testid="ecm-chart">
      <BarChart
        height={HEIGHT}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ tickMinStep: 1, valueFormatter: number }]}
        series={[
          {
            data: points.map((point) => point.ok),
            label: t('ecmStats.answered'),
            stack: 'ecm',
            color: theme.palette.success.main,
            valueFormatter: number,
          },
          {
            data: points.map((point) => point.nok),
            label: t('ecmStats.notAnswered'),
            stack: 'ecm',
            color: theme.palette.error.main,
            valueFormatter: number,
          },
        ]}
      />
      {showTime && timed && (
        <LineChart
          height={HEIGHT * 0.8}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ valueFormatter: number }]}
          series={[
            {
              data: points.map((point) => point.avg_ms),
              label: t('ecmStats.answerTime'),
              color: theme.palette.primary.main,
              connectNulls: true,
              valueFormatter: number,
            },
          ]}
        />
      )}
    </Box>
  );
}
