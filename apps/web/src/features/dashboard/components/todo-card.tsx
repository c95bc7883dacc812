import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import NotificationImportantOutlinedIcon from '@mui/icons-material/NotificationImportantOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  daysLeft,
  formatDateTime,
  LINE_EXPIRING_SOON_DAYS,
  toDisplayDate,
  type DashboardTodo,
  type Line,
} from '@linedesk/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { lazyPage } from '../../../lib/lazy-page';
import { paths } from '../../../lib/paths';
import { useDismissRenewalRequest, useRetryTodoSync } from '../hooks/use-dashboard-todo';
import { ChurnSection, FreezeRequestsSection } from './todo-customer-sections';
import { Detail, LineLink, Row, Section, ServerProblem } from './todo-parts';
import type { TodoRenewRequest } from './todo-renew-dialogs';

// The lines grid's renewal dialogs, with the lines' texts and the schemas they read with: loaded on
// the first click, not with the dashboard.
const TodoRenewDialogs = lazyPage(() => import('./todo-renew-dialogs'), 'TodoRenewDialogs');

/** The lines grid under each quick filter: a list's "see all". */
const seeAllLines = {
  expiring: `${paths.linesAll}?expiring_within_days=${LINE_EXPIRING_SOON_DAYS}&sort=expiry_date&order=asc`,
  failing: `${paths.linesAll}?sync_state=failing`,
  sharing: `${paths.linesAll}?sharing=true`,
  churn: `${paths.linesAll}?churn_risk=true&sort=expiry_date&order=asc`,
};

type TodoCardProps = { todo: DashboardTodo; today: string };

/**
 * What needs doing now, above everything else on the dashboard: customers asking to renew their line
 * (renew it, or dismiss the ask), lines to renew this week (one by
 * one, or ticked and renewed together), lines their server has not taken (retry), lines shared now,
 * and for admins servers down and top-ups waiting. Only the lists with something in them show.
 */
export function TodoCard({ todo, today }: TodoCardProps) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const retry = useRetryTodoSync();
  const dismiss = useDismissRenewalRequest();
  const [renewing, setRenewing] = useState<TodoRenewRequest | null>(null);
  // Mounted from the first renewal on, so that a bulk job's progress stays open after its dialog.
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const language = i18n.resolvedLanguage;

  const openRenew = (request: TodoRenewRequest) => {
    setDialogsWanted(true);
    setRenewing(request);
  };
  const toggle = (id: number) =>
    setTicked((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // Only the ticks of lines still in the list count: a line renewed since has left it.
  const tickedLines = todo.expiring.items.filter((line) => ticked.has(line.id));
  const retryLine = (line: Line) =>
    retry.mutate(line.id, {
      onSuccess: (result) =>
        result.sync.ok
          ? snackbar(t('insights.todo.retried', { username: line.username }))
          : snackbar(t('insights.todo.stillFailing', { username: line.username }), 'warning'),
      onError: (error) => snackbar(errorMessage(error), 'error'),
    });

  const dismissRequest = (line: Line) =>
    dismiss.mutate(line.id, {
      onSuccess: () => snackbar(t('insights.todo.requestDismissed', { username: line.username })),
      onError: (error) => snackbar(errorMessage(error), 'error'),
    });

  const {
    expiring,
    failing_sync: failing,
    sharing,
    churn_risk: churn,
    servers_down: down,
    pending_topups: topups,
    renewal_requests: requests,
    freeze_requests: freezeRequests,
    ending,
  } = todo;
  const nothing =
    requests.total === 0 &&
    expiring.total === 0 &&
    failing.total === 0 &&
    sharing.total === 0 &&
    churn.total === 0 &&
    !down?.total &&
    !topups?.total &&
    !freezeRequests?.total &&
    !ending?.total;

  return (
    <Card component="section" aria-labelledby="todo-title" sx={{ p: 2 }} data-testid="todo-card">
      <Typography variant="h6" component="h2" id="todo-title" sx={{ mb: nothing ? 0.5 : 1.5 }}>
        {t('insights.todo.title')}
      </Typography>
      {nothing ? (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }} data-testid="todo-empty">
          <TaskAltIcon sx={{ color: 'success.dark' }} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('insights.todo.nothing')}
          </Typography>
        </Stack>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(280px, 1fr))' },
            alignItems: 'start',
          }}
        >
          {/* First: a customer is waiting for an answer. */}
          {requests.total > 0 && (
            <Section
              testId="todo-requests"
              icon={NotificationImportantOutlinedIcon}
              tone="warning"
              title={t('insights.todo.renewalRequests')}
              total={requests.total}
            >
              {requests.items.map(({ line, requested_at: requestedAt }) => (
                <Row
                  key={line.id}
                  testId="todo-request"
                  action={
                    <Stack direction="row" sx={{ gap: 0.5, flexShrink: 0 }}>
                      <Button
                        size="small"
                        color="inherit"
                        onClick={() => dismissRequest(line)}
                        loading={dismiss.isPending && dismiss.variables === line.id}
                        aria-label={t('insights.todo.dismissLine', { username: line.username })}
                        data-testid="todo-request-dismiss"
                      >
                        {t('insights.todo.dismiss')}
                      </Button>
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => openRenew({ kind: 'one', line })}
                        aria-label={t('insights.todo.renewLine', { username: line.username })}
                        data-testid="todo-request-renew"
                      >
                        {t('insights.todo.renew')}
                      </Button>
                    </Stack>
                  }
                >
                  <LineLink line={line} />
                  <Detail>
                    {t('insights.todo.requestedAt', { time: formatDateTime(requestedAt, language) })}
                    {' · '}
                    {t('insights.todo.endsOn', { date: toDisplayDate(line.expiry_date) })}
                  </Detail>
                </Row>
              ))}
            </Section>
          )}
          {freezeRequests && <FreezeRequestsSection asks={freezeRequests} />}
          {expiring.total > 0 && (
            <Section
              testId="todo-expiring"
              icon={EventBusyOutlinedIcon}
              tone="warning"
              title={t('insights.todo.expiring')}
              total={expiring.total}
              more={expiring.total_is_lower_bound}
              seeAll={seeAllLines.expiring}
              seeAllLabel={t('insights.todo.seeAll')}
              footer={
                tickedLines.length > 0 && (
                  <Button
                    size="small"
                    startIcon={<AutorenewIcon />}
                    onClick={() => openRenew({ kind: 'bulk', lines: tickedLines })}
                    data-testid="todo-renew-selected"
                  >
                    {t('insights.todo.renewSelected', { count: tickedLines.length })}
                  </Button>
                )
              }
            >
              {expiring.items.map((line) => {
                const days = daysLeft(line.expiry_date, today);
                return (
                  <Row
                    key={line.id}
                    testId="todo-expiring-line"
                    action={
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => openRenew({ kind: 'one', line })}
                        data-testid="todo-renew"
                        aria-label={t('insights.todo.renewLine', { username: line.username })}
                      >
                        {t('insights.todo.renew')}
                      </Button>
                    }
                  >
                    <Stack direction="row" sx={{ alignItems: 'center', minWidth: 0 }}>
                      <Checkbox
                        size="small"
                        checked={ticked.has(line.id)}
                        onChange={() => toggle(line.id)}
                        slotProps={{
                          input: { 'aria-label': t('insights.todo.select', { username: line.username }) },
                        }}
                        sx={{ ml: -0.5, p: 0.5 }}
                        data-testid="todo-select"
                      />
                      <Box sx={{ minWidth: 0 }}>
                        <LineLink line={line} />
                        <Detail color="warning.dark">
                          {days === 0
                            ? t('insights.todo.expiresToday')
                            : t('insights.todo.daysLeft', { count: days })}
                          {' · '}
                          <span data-testid="todo-expiry">{toDisplayDate(line.expiry_date)}</span>
                        </Detail>
                      </Box>
                    </Stack>
                  </Row>
                );
              })}
            </Section>
          )}
          {/* Lines the admin's "Lines that ended" setting takes away soon: renewed now, they stay. */}
          {ending && ending.total > 0 && (
            <Section
              testId="todo-ending"
              icon={ArchiveOutlinedIcon}
              tone="warning"
              title={t(`insights.todo.ending.${ending.action}`, { count: ending.total })}
              total={ending.total}
              more={ending.total_is_lower_bound}
              seeAll={`${paths.linesAll}?expired_for_days=${ending.expired_for_days}&sort=expiry_date&order=asc`}
              seeAllLabel={t('insights.todo.seeAll')}
            >
              <Detail>{t('insights.todo.ending.within', { count: ending.within_days })}</Detail>
              {ending.items.map((line) => (
                <Row
                  key={line.id}
                  testId="todo-ending-line"
                  action={
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => openRenew({ kind: 'one', line })}
                      aria-label={t('insights.todo.renewLine', { username: line.username })}
                      data-testid="todo-ending-renew"
                    >
                      {t('insights.todo.renew')}
                    </Button>
                  }
                >
                  <LineLink line={line} />
                  <Detail>
                    {t('insights.todo.ending.endedOn', { date: toDisplayDate(line.expiry_date) })}
                  </Detail>
                </Row>
              ))}
            </Section>
          )}
          {failing.total > 0 && (
            <Section
              testId="todo-failing"
              icon={SyncProblemIcon}
              tone="error"
              title={t('insights.todo.failing')}
              total={failing.total}
              more={failing.total_is_lower_bound}
              seeAll={seeAllLines.failing}
              seeAllLabel={t('insights.todo.seeAll')}
            >
              {failing.items.map((line) => (
                <Row
                  key={line.id}
                  testId="todo-failing-line"
                  action={
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => retryLine(line)}
                      loading={retry.isPending && retry.variables === line.id}
                      aria-label={t('insights.todo.retryLine', { username: line.username })}
                      data-testid="todo-retry"
                    >
                      {t('insights.todo.retry')}
                    </Button>
                  }
                >
                  <LineLink line={line} />
                  <Detail>{line.server_name ?? t('insights.charts.noServer')}</Detail>
                </Row>
              ))}
            </Section>
          )}
          {sharing.total > 0 && (
            <Section
              testId="todo-sharing"
              icon={PeopleAltOutlinedIcon}
              tone="error"
              title={t('insights.todo.sharing')}
              total={sharing.total}
              more={sharing.total_is_lower_bound}
              seeAll={seeAllLines.sharing}
              seeAllLabel={t('insights.todo.seeAll')}
            >
              {sharing.items.map((line) => (
                <Row key={line.id} testId="todo-sharing-line">
                  <LineLink line={line} />
                  {line.sharing_detected_at && (
                    <Detail>
                      {t('insights.todo.sharingSince', {
                        time: formatDateTime(line.sharing_detected_at, language),
                      })}
                    </Detail>
                  )}
                </Row>
              ))}
            </Section>
          )}
          <ChurnSection lines={churn} seeAll={seeAllLines.churn} />
          {down && down.total > 0 && (
            <Section
              testId="todo-servers"
              icon={CloudOffOutlinedIcon}
              tone="error"
              title={t('insights.todo.serversDown')}
              total={down.total}
              seeAll={paths.serversManage}
              seeAllLabel={t('insights.todo.openServers')}
            >
              {down.items.map((server) => (
                <Row key={server.id} testId="todo-server">
                  <Link
                    component={RouterLink}
                    to={paths.serversManage}
                    variant="body2"
                    noWrap
                    sx={{ display: 'block' }}
                  >
                    {server.server_name}
                  </Link>
                  <ServerProblem
                    error={server.last_error}
                    status={t(`insights.todo.serverStatus.${server.status}`)}
                  />
                </Row>
              ))}
            </Section>
          )}
          {topups && topups.total > 0 && (
            <Section
              testId="todo-topups"
              icon={PaymentsOutlinedIcon}
              tone="warning"
              title={t('insights.todo.topups')}
              total={topups.total}
              seeAll={paths.payments}
              seeAllLabel={t('insights.todo.openTopups')}
            >
              {topups.items.map((topUp) => (
                <Row key={topUp.id} testId="todo-topup">
                  <Typography variant="body2" noWrap>
                    {topUp.account_email ?? topUp.account_id}
                  </Typography>
                  <Detail>
                    {topUp.status === 'needs_attention' && `${t('insights.todo.topupNeedsAttention')} · `}
                    {t('insights.todo.topupCredits', { count: topUp.credits })}
                    {' · '}
                    {formatDateTime(topUp.created_at, language)}
                  </Detail>
                </Row>
              ))}
            </Section>
          )}
        </Box>
      )}
      {dialogsWanted && (
        <Suspense fallback={null}>
          <TodoRenewDialogs
            request={renewing}
            onClose={() => setRenewing(null)}
            onBulkStarted={() => setTicked(new Set())}
          />
        </Suspense>
      )}
    </Card>
  );
}
