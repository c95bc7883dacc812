import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { Dashboard } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../lib/chart-labels';
import { ChartCard } from './chart-card';

const HEIGHT = 280;

/** The dashboard's four charts, built only from the figures the API computed (no sums in the browser). */
export function DashboardCharts({ charts }: { charts: Dashboard['charts'] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.resolvedLanguage;
  const pastDays = charts.activity.map((day) => dayLabel(day.date, language));
  const nextDays = charts.expiries.map((day) => dayLabel(day.date, language));
  const noActivity = charts.activity.every((day) => day.created === 0 && day.renewed === 0);
  const noSpending = charts.credits_spent.every((day) => day.credits === 0);
  const noExpiries = charts.expiries.every((day) => day.count === 0);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      <ChartCard
        title={t('insights.charts.activity')}
        subheader={t('insights.charts.last30Days')}
        empty={noActivity ? t('insights.charts.noActivity') : null}
        testId="chart-activity"
      >
        <LineChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'point', data: pastDays }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[
            {
              data: charts.activity.map((day) => day.created),
              label: t('insights.charts.created'),
              color: theme.palette.primary.main,
              area: true,
            },
            {
              data: charts.activity.map((day) => day.renewed),
              label: t('insights.charts.renewed'),
              color: theme.palette.warning.main,
            },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={t('insights.charts.linesByServer')}
        empty={charts.lines_by_server.length === 0 ? t('insights.charts.noLines') : null}
        testId="chart-servers"
      >
        <PieChart
          height={HEIGHT}
          series={[
            {
              innerRadius: 50,
              paddingAngle: 2,
              cornerRadius: 4,
              data: charts.lines_by_server.map((item, index) => ({
                id: item.server_id ?? `none-${index}`,
                value: item.count,
                label: item.server_name ?? t('insights.charts.noServer'),
              })),
            },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={t('insights.charts.creditsSpent')}
        subheader={t('insights.charts.last30Days')}
        empty={noSpending ? t('insights.charts.noSpending') : null}
        testId="chart-credits"
      >
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: pastDays }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[
            {
              data: charts.credits_spent.map((day) => day.credits),
              label: t('insights.charts.credits'),
              color: theme.palette.info.main,
            },
          ]}
        />
      </ChartCard>
      <ChartCard
        title={t('insights.charts.expiries')}
        subheader={t('insights.charts.next30Days')}
        empty={noExpiries ? t('insights.charts.noExpiries') : null}
        testId="chart-expiries"
      >
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: nextDays }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[
            {
              data: charts.expiries.map((day) => day.count),
              label: t('insights.charts.expiring'),
              color: theme.palette.error.main,
            },
          ]}
        />
      </ChartCard>
    </Box>
  );
}
