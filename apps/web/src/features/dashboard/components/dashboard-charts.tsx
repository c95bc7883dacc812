import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { Dashboard } from '@linedesk/shared';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { chartNumber } from '../../../lib/number-format';
import { dayLabel } from '../lib/chart-labels';
import { ChartCard } from './chart-card';
import { RevenueCard } from './revenue-card';

/** Low enough that the first row of charts shows under the to-do list and the figures at 1440×900. */
export const CHART_HEIGHT = 180;
const HEIGHT = CHART_HEIGHT;

type ChartKey = 'activity' | 'servers' | 'credits' | 'expiries' | 'revenue';
const lineChartKeys: ChartKey[] = ['activity', 'servers', 'credits', 'expiries'];

/**
 * On a phone the four charts take turns in one card, one tab each: stacked, they alone were two
 * screens tall, below the to-do list and the figures.
 */
function ChartTabs({
  chartKeys,
  cards,
  titles,
}: {
  chartKeys: ChartKey[];
  cards: Partial<Record<ChartKey, ReactElement>>;
  titles: Record<ChartKey, string>;
}) {
  const [shown, setShown] = useState<ChartKey>('activity');
  return (
    <Card data-testid="chart-tabs">
      <Tabs
        value={shown}
        onChange={(_event, next: ChartKey) => setShown(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {chartKeys.map((key) => (
          <Tab key={key} value={key} label={titles[key]} data-testid={`chart-tab-${key}`} />
        ))}
      </Tabs>
      <Box sx={{ '& > .MuiCard-root': { boxShadow: 'none' } }}>{cards[shown]}</Box>
    </Card>
  );
}

/**
 * The dashboard's four charts, built only from the figures the API computed (no sums in the browser);
 * admins also get the revenue of approved top-ups.
 */
export function DashboardCharts({ charts, revenue }: { charts: Dashboard['charts']; revenue: boolean }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const language = i18n.resolvedLanguage;
  const number = chartNumber(language);
  const pastDays = charts.activity.map((day) => dayLabel(day.date, language));
  const nextDays = charts.expiries.map((day) => dayLabel(day.date, language));
  const noActivity = charts.activity.every((day) => day.created === 0 && day.renewed === 0);
  const noSpending = charts.credits_spent.every((day) => day.credits === 0);
  const noExpiries = charts.expiries.every((day) => day.count === 0);
  // Known at the first render (no server rendering here), so the page never draws the other layout first.
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });

  const chartKeys: ChartKey[] = revenue ? [...lineChartKeys, 'revenue'] : lineChartKeys;
  const cards: Partial<Record<ChartKey, ReactElement>> = {
    activity: (
      <ChartCard
        title={t('insights.charts.activity')}
        subheader={t('insights.charts.last30Days')}
        empty={noActivity ? t('insights.charts.noActivity') : null}
        testId="chart-activity"
      >
        <LineChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'point', data: pastDays }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: number }]}
          series={[
            {
              data: charts.activity.map((day) => day.created),
              label: t('insights.charts.created'),
              valueFormatter: number,
              color: theme.palette.primary.main,
              area: true,
            },
            {
              data: charts.activity.map((day) => day.renewed),
              label: t('insights.charts.renewed'),
              valueFormatter: number,
              color: theme.palette.warning.main,
            },
          ]}
        />
      </ChartCard>
    ),
    servers: (
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
              valueFormatter: (item: { value: number }) => number(item.value),
            },
          ]}
        />
      </ChartCard>
    ),
    credits: (
      <ChartCard
        title={t('insights.charts.creditsSpent')}
        subheader={t('insights.charts.last30Days')}
        empty={noSpending ? t('insights.charts.noSpending') : null}
        testId="chart-credits"
      >
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: pastDays }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: number }]}
          series={[
            {
              data: charts.credits_spent.map((day) => day.credits),
              label: t('insights.charts.credits'),
              valueFormatter: number,
              color: theme.palette.info.main,
            },
          ]}
        />
      </ChartCard>
    ),
    expiries: (
      <ChartCard
        title={t('insights.charts.expiries')}
        subheader={t('insights.charts.next30Days')}
        empty={noExpiries ? t('insights.charts.noExpiries') : null}
        testId="chart-expiries"
      >
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: nextDays }]}
          yAxis={[{ tickMinStep: 1, valueFormatter: number }]}
          series={[
            {
              data: charts.expiries.map((day) => day.count),
              label: t('insights.charts.expiring'),
              valueFormatter: number,
              color: theme.palette.error.main,
            },
          ]}
        />
      </ChartCard>
    ),
    ...(revenue ? { revenue: <RevenueCard height={HEIGHT} /> } : {}),
  };
  if (phone) {
    const titles = {
      activity: t('insights.charts.activityShort'),
      servers: t('insights.charts.serversShort'),
      credits: t('insights.charts.creditsShort'),
      expiries: t('insights.charts.expiriesShort'),
      revenue: t('insights.charts.revenue.short'),
    };
    return <ChartTabs chartKeys={chartKeys} cards={cards} titles={titles} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      {chartKeys.map((key) => (
        // Revenue runs the full width, under the first four: above them it would push the line charts
        // below the first screen.
        <Box key={key} sx={{ minWidth: 0, gridColumn: key === 'revenue' ? '1 / -1' : undefined }}>
          {cards[key]}
        </Box>
      ))}
    </Box>
  );
}
