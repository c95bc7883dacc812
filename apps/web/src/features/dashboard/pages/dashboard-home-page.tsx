import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { displayCredits, isAdminAccount, maySellLines, type Account, type Dashboard } from '@linedesk/shared';
import { Suspense, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { lazyPage } from '../../../lib/lazy-page';
import { formatNumber } from '../../../lib/number-format';
import { useAccount } from '../../auth/hooks/account-context';
import { NegativeBalanceBanner } from '../../credits/components/negative-balance-banner';
import { DashboardFigures } from '../components/dashboard-figures';
import { OnlineByServerCard } from '../components/online-by-server-card';
import { OwnerSearch } from '../components/owner-search';
import { SetupGuideCard } from '../components/setup-guide-card';
import { TodoCard } from '../components/todo-card';
import { WelcomeCard } from '../components/welcome-card';
import { useDashboard } from '../hooks/use-dashboard';
import { useDashboardTodo } from '../hooks/use-dashboard-todo';
import { useSetupGuide } from '../hooks/use-setup-guide';

// The charts library is most of this page's code: it loads after the figures show, not before, and
// only once the reader is near the charts (below the figures; on a desktop within the first screen).
const DashboardCharts = lazyPage(() => import('../components/dashboard-charts'), 'DashboardCharts');
const EcmDashboardCard = lazyPage(
  () => import('../../ecm-stats/components/ecm-dashboard-card'),
  'EcmDashboardCard',
);

/** The ECM tile loads, like the charts, only once the reader is near it. */
function EcmWhenNear() {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholderRef);
  if (!near) return <Box ref={placeholderRef} sx={{ height: 280 }} data-testid="ecm-placeholder" />;
  return (
    <Suspense fallback={<Skeleton variant="rounded" sx={{ height: 280 }} />}>
      <EcmDashboardCard />
    </Suspense>
  );
}

const chartsHeight = { xs: 370, md: 640 };
// An admin's revenue chart is a third row on a desktop (on a phone one more tab of the same card).
const chartsHeightWithRevenue = { xs: 370, md: 960 };

function ChartsWhenNear({ charts, revenue }: { charts: Dashboard['charts']; revenue: boolean }) {
  const placeholderRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholderRef);
  const height = revenue ? chartsHeightWithRevenue : chartsHeight;
  // Until then the charts' place is kept, empty: nothing is loading yet.
  // About the charts' own height (two rows on a desktop, one tabbed card on a phone), so that what
  // follows them does not move when they come.
  if (!near) return <Box ref={placeholderRef} sx={{ height }} data-testid="charts-placeholder" />;
  return (
    <Suspense fallback={<Skeleton variant="rounded" sx={{ height }} data-testid="charts-loading" />}>
      <DashboardCharts charts={charts} revenue={revenue} />
    </Suspense>
  );
}

export function DashboardHomePage() {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const account = useAccount();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const admin = isAdminAccount(account);
  const sellsLines = maySellLines({ isAdmin: admin, permissions: account.permissions });
  const [owner, setOwner] = useState<Account | null>(null);
  const dashboard = useDashboard(owner?.id ?? null);
  // Everything under the welcome shows at once, when the figures and (for an admin) the first-run
  // guide have both arrived: a guide or a heading appearing above figures already shown would push
  // them down the screen while they are read. Deferred, so that render runs in the background in
  // short slices (see AuthGuard).
  const guide = useSetupGuide(admin);
  const todo = useDashboardTodo(sellsLines);
  const waiting = useDeferredValue(
    dashboard.isPending || (admin && guide.isPending) || (sellsLines && todo.isPending),
  );

  return (
    <>
      <title>{`${t('nav.dashboard')} | Linedesk`}</title>
      {/* Closer on a phone, where the whole dashboard is to fit in two screens. */}
      <Stack sx={{ gap: { xs: 1.5, sm: 2 } }}>
        <NegativeBalanceBanner />
        <WelcomeCard sellsLines={sellsLines}>
          {admin && (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: { xs: 1, sm: 2 }, alignItems: { sm: 'center' }, mt: 0.5 }}
            >
              <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary' }}>
                {owner ? t('insights.ownerScope', { email: owner.email }) : t('insights.panelScope')}
              </Typography>
              <OwnerSearch value={owner} onChange={setOwner} />
            </Stack>
          )}
        </WelcomeCard>
        {dashboard.isError && <Alert severity="error">{errorMessage(dashboard.error)}</Alert>}
        {todo.isError && <Alert severity="error">{errorMessage(todo.error)}</Alert>}
        {waiting ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
            {Array.from({ length: 10 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={76} />
            ))}
          </Box>
        ) : (
          dashboard.data && (
            <>
              {admin && <SetupGuideCard place="top" />}
              {/* What needs doing first; the figures and charts below are for reading. */}
              {sellsLines && todo.data && <TodoCard todo={todo.data} today={dashboard.data.today} />}
              <DashboardFigures
                figures={dashboard.data}
                creditsLabel={formatNumber(displayCredits(account), i18n.resolvedLanguage)}
                showLines={sellsLines}
              />
              {sellsLines && <ChartsWhenNear charts={dashboard.data.charts} revenue={admin} />}
              {sellsLines && <OnlineByServerCard />}
              {/* On a phone the dashboard stays within two screens: ECM figures are on each line's page. */}
              {sellsLines && wide && <EcmWhenNear />}
              {admin && <SetupGuideCard place="end" />}
            </>
          )
        )}
      </Stack>
    </>
  );
}
