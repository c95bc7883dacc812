import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isAdminAccount, reportRangeValid, type Report } from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useMe } from '../../auth/hooks/use-me';
import type { ReportParams } from '../api/reports-api';
import { ReportCharts } from '../components/report-charts';
import { ReportFilters, type ReportSettings } from '../components/report-filters';
import { ReportSummary } from '../components/report-summary';
import { ReportTables } from '../components/report-tables';
import { useReport } from '../hooks/use-report';
import { defaultRange, longDay, reportCsv } from '../lib/report-format';

const utcToday = () => new Date().toISOString().slice(0, 10);

function csvHref(report: Report): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(reportCsv(report))}`;
}

/**
 * Reports of an account's tree (admins: any account or the whole panel): what came in, what went out
 * and what became of the lines, charted per day or month with the figures in tables below.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const errorMessage = useErrorMessage();
  const me = useMe();
  const admin = me.data ? isAdminAccount(me.data) : false;
  const [settings, setSettings] = useState<ReportSettings>(() => ({
    account: null,
    scope: 'subtree',
    unit: 'day',
    ...defaultRange('day', utcToday()),
    churnDays: '30',
  }));
  const change = (next: Partial<ReportSettings>) =>
    setSettings((current) => {
      // A new unit starts from its own range: 30 days, or 12 months.
      const range = next.unit && next.unit !== current.unit ? defaultRange(next.unit, utcToday()) : {};
      return { ...current, ...range, ...next };
    });
  const settled = useDebouncedValue(settings);
  const churnDays = Number(settled.churnDays);
  const params: ReportParams = useMemo(
    () => ({
      accountId: settled.account?.id ?? null,
      scope: settled.scope,
      unit: settled.unit,
      from: settled.from,
      to: settled.to,
      churnDays: Number.isInteger(churnDays) && churnDays >= 0 && churnDays <= 365 ? churnDays : 30,
    }),
    [settled, churnDays],
  );
  const complete =
    params.from !== '' &&
    params.to !== '' &&
    reportRangeValid({ from: params.from, to: params.to, unit: params.unit });
  const report = useReport(params, me.data !== undefined && complete);
  const data = report.data;

  return (
    <>
      <PageHeading
        title={t('reports.title')}
        description={t('reports.description')}
        action={
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<FileDownloadOutlinedIcon />}
            component="a"
            href={data ? csvHref(data) : undefined}
            download={data ? `report-${data.from}-${data.to}.csv` : undefined}
            disabled={!data}
            data-testid="report-download"
          >
            {t('reports.download')}
          </Button>
        }
      />
      <ReportFilters value={settings} onChange={change} admin={admin} />
      {!complete ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('errors.REPORT_RANGE_INVALID')}
        </Alert>
      ) : report.isError ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(report.error)}
        </Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }} data-testid="report-range">
            {t('reports.rangeNote', { from: longDay(data.from, language), to: longDay(data.to, language) })}
          </Typography>
          <ReportSummary totals={data.totals} outageMinutes={data.outage_compensated_minutes} />
          <ReportCharts report={data} />
          <ReportTables report={data} />
        </>
      )}
    </>
  );
}
