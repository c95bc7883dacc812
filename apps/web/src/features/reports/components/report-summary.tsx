import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReportFigures } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';

/** The range's totals in words a person reads at a glance, each number in the reader's language. */
export function ReportSummary({
  totals,
  outageMinutes,
}: {
  totals: ReportFigures;
  /** The time outages' compensation added to the scope's lines (minutes). */
  outageMinutes: number;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const formatted = (value: number) => formatNumber(value, language);
  const rate =
    totals.trials_created === 0
      ? null
      : formatNumber(totals.trials_converted / totals.trials_created, language, {
          style: 'percent',
          maximumFractionDigits: 1,
        });
  const items: { id: string; text: string; detail?: string }[] = [
    {
      id: 'credits_bought',
      text: t('reports.figures.creditsBought', {
        count: totals.credits_bought,
        formatted: formatted(totals.credits_bought),
      }),
    },
    {
      id: 'credits_spent',
      text: t('reports.figures.creditsSpent', {
        count: totals.credits_spent,
        formatted: formatted(totals.credits_spent),
      }),
    },
    {
      id: 'lines_created',
      text: t('reports.figures.linesCreated', {
        count: totals.lines_created,
        formatted: formatted(totals.lines_created),
      }),
    },
    {
      id: 'renewed',
      text: t('reports.figures.renewed', { count: totals.renewed, formatted: formatted(totals.renewed) }),
    },
    {
      id: 'expired',
      text: t('reports.figures.expired', { count: totals.expired, formatted: formatted(totals.expired) }),
    },
    {
      id: 'churned',
      text: t('reports.figures.churned', { count: totals.churned, formatted: formatted(totals.churned) }),
    },
    {
      id: 'trials',
      text: t('reports.figures.trials', {
        count: totals.trials_created,
        formatted: formatted(totals.trials_created),
        converted: formatted(totals.trials_converted),
      }),
      detail: rate === null ? undefined : t('reports.figures.conversionRate', { rate }),
    },
    {
      id: 'outage_minutes',
      text: t('reports.figures.outageMinutes', { value: formatted(outageMinutes) }),
    },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }} data-testid="report-summary">
      {items.map((item) => (
        <Grid key={item.id} size={{ xs: 12, sm: 6, md: 3 }}>
          <Card sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="subtitle1" data-testid={`report-total-${item.id}`}>
                {item.text}
              </Typography>
              {item.detail && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="report-conversion">
                  {item.detail}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
