import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ChartCard } from '../../dashboard/components/chart-card';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useEcmSummary } from '../hooks/use-ecm-stats';
import { EcmChart, EcmTotalsLine } from './ecm-chart';

/** The dashboard's tile: ECMs answered and not over the last 24 hours, for the caller's scope. */
export function EcmDashboardCard() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useEcmSummary();
  const data = query.data;
  return (
    <ChartCard
      title={t('ecmStats.dashboardTitle')}
      subheader={t('ecmStats.dashboardSubtitle')}
      testId="ecm-dashboard-card"
    >
      {query.isError && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.isPending && <Skeleton variant="rounded" height={180} />}
      {data && (
        <Stack sx={{ gap: 1 }}>
          <EcmTotalsLine totals={data.totals} testId="dashboard-ecm-totals" />
          <EcmChart points={data.points} granularity={data.granularity} showTime={false} />
        </Stack>
      )}
    </ChartCard>
  );
}
