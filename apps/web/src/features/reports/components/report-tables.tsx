import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatPrice, type Report, type ReportFigures } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { periodLabel } from '../lib/report-format';

const figureColumns = [
  ['credits_bought', 'creditsBought'],
  ['credits_spent', 'creditsSpent'],
  ['lines_created', 'linesCreated'],
  ['trials_created', 'trialsCreated'],
  ['renewed', 'renewed'],
  ['expired', 'expired'],
  ['churned', 'churned'],
  ['trials_converted', 'trialsConverted'],
] as const satisfies readonly (readonly [keyof ReportFigures, string])[];

/** A titled table that scrolls sideways on a phone instead of squeezing its columns. */
function TableCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 3 }}>
      <CardHeader title={title} />
      {/* Focusable: a table wider than a phone scrolls sideways by keyboard too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
        <Table size="small" data-testid={testId} aria-label={title}>
          {children}
        </Table>
      </Box>
    </Card>
  );
}

/** The figures under the charts: per period with the range's totals, per plan, and the money in. */
export function ReportTables({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const number = (value: number) => formatNumber(value, language);
  const label = (period: string) => periodLabel(report.unit, period, language);
  const spentIn = new Map(report.rows.map((row) => [row.period, row.credits_spent]));
  return (
    <>
      <TableCard title={t('reports.tables.periods')} testId="report-periods">
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.columns.period')}</TableCell>
            {figureColumns.map(([key, text]) => (
              <TableCell key={key} align="right">
                {t(`reports.columns.${text}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.period} data-testid="report-period-row" data-period={row.period}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{label(row.period)}</TableCell>
              {figureColumns.map(([key]) => (
                <TableCell key={key} align="right" data-column={key}>
                  {number(row[key])}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-testid="report-total-row">
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {t('reports.columns.total')}
            </TableCell>
            {figureColumns.map(([key]) => (
              <TableCell key={key} align="right" sx={{ fontWeight: 600 }} data-column={key}>
                {number(report.totals[key])}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </TableCard>
      {report.spent_by_plan.length > 0 && (
        <TableCard title={t('reports.tables.plans')} testId="report-plans">
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.columns.period')}</TableCell>
              <TableCell>{t('reports.columns.plan')}</TableCell>
              <TableCell align="right">{t('reports.columns.credits')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.spent_by_plan.map((spend) => (
              <TableRow key={`${spend.period}-${spend.plan_id ?? 'none'}`} data-testid="report-plan-row">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{label(spend.period)}</TableCell>
                <TableCell>{spend.plan_name ?? t('reports.charts.noPlan')}</TableCell>
                <TableCell align="right">{number(spend.credits)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </TableCard>
      )}
      {report.money_in && report.money_in.length > 0 && (
        <TableCard title={t('reports.tables.money')} testId="report-money">
          <TableHead>
            <TableRow>
              <TableCell>{t('reports.columns.period')}</TableCell>
              <TableCell>{t('reports.columns.method')}</TableCell>
              <TableCell align="right">{t('reports.columns.amount')}</TableCell>
              <TableCell align="right">{t('reports.columns.payments')}</TableCell>
              <TableCell align="right">{t('reports.columns.creditsSpent')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.money_in.map((money) => (
              <TableRow
                key={`${money.period}-${money.currency}-${money.method_name ?? ''}`}
                data-testid="report-money-row"
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{label(money.period)}</TableCell>
                <TableCell>{money.method_name ?? t('reports.charts.noMethod')}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPrice(money.amount_cents, money.currency, language)}
                </TableCell>
                <TableCell align="right">{number(money.count)}</TableCell>
                <TableCell align="right">{number(spentIn.get(money.period) ?? 0)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </TableCard>
      )}
    </>
  );
}
