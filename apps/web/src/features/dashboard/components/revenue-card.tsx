import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { BarChart } from '@mui/x-charts/BarChart';
import { dateTimeFormat, formatPrice } from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/responsive-list/visually-hidden';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { chartNumber, formatNumber } from '../../../lib/number-format';
import { useRevenue } from '../hooks/use-revenue';
import { dayLabel } from '../lib/chart-labels';
import { revenuePeriods, revenueSeries } from '../lib/revenue-series';
import { ChartCard } from './chart-card';

type Unit = 'day' | 'month';

function monthLabel(period: string, language: string | undefined): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return dateTimeFormat(language ?? 'en', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}

/**
 * Admins: what approved top-ups brought in, per day or month and per method; each currency is drawn
 * as its own stack, never added to another. A table of the same figures is there for screen readers.
 */
export function RevenueCard({ height }: { height: number }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const language = i18n.resolvedLanguage;
  const revenue = useRevenue();
  const [unit, setUnit] = useState<Unit>('day');

  const drawn = useMemo(() => {
    if (!revenue.data) return null;
    const periods =
      unit === 'day'
        ? revenuePeriods('day', revenue.data.days_from, 30)
        : revenuePeriods('month', revenue.data.months_from, 12);
    const buckets = unit === 'day' ? revenue.data.daily : revenue.data.monthly;
    return { periods, buckets, series: revenueSeries(buckets, periods) };
  }, [revenue.data, unit]);

  const label = (period: string) =>
    unit === 'day' ? dayLabel(period, language) : monthLabel(period, language);
  const methodLabel = (name: string | null) => name ?? t('insights.charts.revenue.noMethod');

  return (
    <ChartCard
      title={t('insights.charts.revenue.title')}
      subheader={
        unit === 'day' ? t('insights.charts.revenue.last30Days') : t('insights.charts.revenue.last12Months')
      }
      testId="chart-revenue"
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={unit}
        onChange={(_event, next: Unit | null) => next && setUnit(next)}
        sx={{ mb: 1 }}
      >
        <ToggleButton value="day" data-testid="revenue-per-day">
          {t('insights.charts.revenue.perDay')}
        </ToggleButton>
        <ToggleButton value="month" data-testid="revenue-per-month">
          {t('insights.charts.revenue.perMonth')}
        </ToggleButton>
      </ToggleButtonGroup>
      {revenue.isError ? (
        <Alert severity="error">{errorMessage(revenue.error)}</Alert>
      ) : !drawn ? (
        <Skeleton variant="rounded" height={height} />
      ) : drawn.series.length === 0 ? (
        <Box
          sx={{
            height,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'text.secondary',
          }}
          data-testid="revenue-empty"
        >
          {t('insights.charts.revenue.none')}
        </Box>
      ) : (
        <>
          {/* Not hidden from assistive technology: the chart's legend and bars take the keyboard's
              focus, which a hidden part of the page must not. The table below reads its figures out. */}
          <Box>
            <BarChart
              height={height}
              xAxis={[{ scaleType: 'band', data: drawn.periods.map(label) }]}
              yAxis={[{ valueFormatter: chartNumber(language) }]}
              series={drawn.series.map((series) => ({
                id: series.key,
                // Methods of one currency stack; another currency gets a bar of its own.
                stack: series.currency,
                label: t('insights.charts.revenue.series', {
                  method: methodLabel(series.methodName),
                  currency: series.currency,
                }),
                data: series.cents.map((cents) => cents / 100),
                valueFormatter: (value: number | null) =>
                  value ? formatPrice(Math.round(value * 100), series.currency, language) : null,
              }))}
            />
          </Box>
          <Box component="table" sx={visuallyHidden} data-testid="revenue-table">
            <caption>{t('insights.charts.revenue.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('insights.charts.revenue.period')}</th>
                <th scope="col">{t('insights.charts.revenue.method')}</th>
                <th scope="col">{t('insights.charts.revenue.currency')}</th>
                <th scope="col">{t('insights.charts.revenue.amount')}</th>
                <th scope="col">{t('insights.charts.revenue.count')}</th>
              </tr>
            </thead>
            <tbody>
              {drawn.buckets.map((bucket) => (
                <tr
                  key={`${bucket.period}-${bucket.currency}-${bucket.method_name ?? ''}`}
                  data-testid="revenue-row"
                >
                  <td>{label(bucket.period)}</td>
                  <td>{methodLabel(bucket.method_name)}</td>
                  <td>{bucket.currency}</td>
                  <td>{formatPrice(bucket.amount_cents, bucket.currency, language)}</td>
                  <td>{formatNumber(bucket.count, language)}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      )}
    </ChartCard>
  );
}
