import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatPrice, type Report } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { chartNumber } from '../../../lib/number-format';
import { ChartCard } from '../../dashboard/components/chart-card';
import { revenueSeries } from '../../dashboard/lib/revenue-series';
import { periodLabel, planSeries } from '../lib/report-format';

const HEIGHT = 240;

/**
 * The report drawn: credits in against credits out, the lines' life (made, renewed, expired,
 * churned), spending per plan, and for admins the money that came in per method. Each is read
 * again, figure by figure, in the tables below it.
 */
export function ReportCharts({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.resolvedLanguage;
  const number = chartNumber(language);
  const labels = report.rows.map((row) => periodLabel(report.unit, row.period, language));
  const column = (key: keyof Report['totals']) => report.rows.map((row) => row[key]);
  const empty = (...keys: (keyof Report['totals'])[]) =>
    keys.every((key) => report.totals[key] === 0) ? t('reports.charts.empty') : null;
  const plans = planSeries(report);
  const periods = report.rows.map((row) => row.period);
  const money = report.money_in ? revenueSeries(report.money_in, periods) : null;

  return (
    <Grid container spacing={3} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          title={t('reports.charts.credits')}
          empty={empty('credits_bought', 'credits_spent')}
          testId="report-chart-credits"
        >
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[{ tickMinStep: 1, valueFormatter: number }]}
            series={[
              {
                data: column('credits_bought'),
                label: t('reports.columns.creditsBought'),
                valueFormatter: number,
                color: theme.palette.success.main,
              },
              {
                data: column('credits_spent'),
                label: t('reports.columns.creditsSpent'),
                valueFormatter: number,
                color: theme.palette.primary.main,
              },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard
          title={t('reports.charts.lines')}
          empty={empty('lines_created', 'renewed', 'expired', 'churned')}
          testId="report-chart-lines"
        >
          <LineChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'point', data: labels }]}
            yAxis={[{ tickMinStep: 1, valueFormatter: number }]}
            series={(
              [
                ['lines_created', t('reports.columns.linesCreated'), theme.palette.primary.main],
                ['renewed', t('reports.columns.renewed'), theme.palette.success.main],
                ['expired', t('reports.columns.expired'), theme.palette.warning.main],
                ['churned', t('reports.columns.churned'), theme.palette.error.main],
              ] as const
            ).map(([key, label, color]) => ({
              data: column(key),
              label,
              valueFormatter: number,
              color,
            }))}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: money ? 6 : 12 }}>
        <ChartCard
          title={t('reports.charts.plans')}
          empty={plans.length === 0 ? t('reports.charts.empty') : null}
          testId="report-chart-plans"
        >
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: labels }]}
            yAxis={[{ tickMinStep: 1, valueFormatter: number }]}
            series={plans.map((plan) => ({
              id: plan.key,
              stack: 'plans',
              data: plan.credits,
              label: plan.planName ?? t('reports.charts.noPlan'),
              valueFormatter: number,
            }))}
          />
        </ChartCard>
      </Grid>
      {money && (
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title={t('reports.charts.money')}
            empty={money.length === 0 ? t('reports.charts.empty') : null}
            testId="report-chart-money"
          >
            <BarChart
              height={HEIGHT}
              xAxis={[{ scaleType: 'band', data: labels }]}
              yAxis={[{ valueFormatter: number }]}
              series={money.map((series) => ({
                id: series.key,
                // Methods of one currency stack; another currency gets a bar of its own.
                stack: series.currency,
                label: t('reports.charts.moneySeries', {
                  method: series.methodName ?? t('reports.charts.noMethod'),
                  currency: series.currency,
                }),
                data: series.cents.map((cents) => cents / 100),
                valueFormatter: (value: number | null) =>
                  value ? formatPrice(Math.round(value * 100), series.currency, language) : null,
              }))}
            />
          </ChartCard>
        </Grid>
      )}
    </Grid>
  );
}
