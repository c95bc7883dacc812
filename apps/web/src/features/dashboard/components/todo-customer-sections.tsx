import AcUnitIcon from '@mui/icons-material/AcUnit';
import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toDisplayDate, type DashboardTodo, type Line } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAnswerFreezeRequest, useWinBack } from '../hooks/use-dashboard-todo';
import { Detail, LineLink, Row, Section } from './todo-parts';

/** Customers' asks (from the portal) to freeze their line: freeze it as asked, or refuse. */
export function FreezeRequestsSection({ asks }: { asks: NonNullable<DashboardTodo['freeze_requests']> }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const answer = useAnswerFreezeRequest();
  if (asks.total === 0) return null;

  const answerAsk = (line: Line, approve: boolean) =>
    answer.mutate(
      { id: line.id, approve },
      {
        onSuccess: () =>
          snackbar(
            t(approve ? 'insights.todo.freezeApproved' : 'insights.todo.freezeRefused', {
              username: line.username,
            }),
          ),
        onError: (error) => snackbar(errorMessage(error), 'error'),
      },
    );

  return (
    <Section
      testId="todo-freeze-requests"
      icon={AcUnitIcon}
      tone="warning"
      title={t('insights.todo.freezeRequests')}
      total={asks.total}
    >
      {asks.items.map(({ line, request }) => {
        const busy = answer.isPending && answer.variables?.id === line.id;
        return (
          <Row
            key={line.id}
            testId="todo-freeze-request"
            action={
              <Stack direction="row" sx={{ gap: 0.5, flexShrink: 0 }}>
                <Button
                  size="small"
                  color="inherit"
                  onClick={() => answerAsk(line, false)}
                  disabled={busy}
                  aria-label={t('insights.todo.freezeRefuseLine', { username: line.username })}
                  data-testid="todo-freeze-refuse"
                >
                  {t('insights.todo.freezeRefuse')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => answerAsk(line, true)}
                  loading={busy}
                  aria-label={t('insights.todo.freezeApproveLine', { username: line.username })}
                  data-testid="todo-freeze-approve"
                >
                  {t('insights.todo.freezeApprove')}
                </Button>
              </Stack>
            }
          >
            <LineLink line={line} />
            <Detail>
              {t('insights.todo.freezeAsked', {
                count: request.days,
                date: toDisplayDate(request.starts_on),
              })}
            </Detail>
          </Row>
        );
      })}
    </Section>
  );
}

/**
 * The churn radar: lines likely not to renew, each with "Write" (a win-back mail to its customer)
 * when the line has the customer's email.
 */
export function ChurnSection({ lines, seeAll }: { lines: DashboardTodo['churn_risk']; seeAll: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const winBack = useWinBack();
  if (lines.total === 0) return null;

  const writeTo = (line: Line) =>
    winBack.mutate(line.id, {
      onSuccess: (result) => snackbar(t('insights.todo.winBackSent', { email: result.sent_to })),
      onError: (error) => snackbar(errorMessage(error), 'error'),
    });

  return (
    <Section
      testId="todo-churn"
      icon={PersonOffOutlinedIcon}
      tone="warning"
      title={t('insights.todo.churn')}
      total={lines.total}
      more={lines.total_is_lower_bound}
      seeAll={seeAll}
      seeAllLabel={t('insights.todo.seeAll')}
    >
      {lines.items.map((line) => (
        <Row
          key={line.id}
          testId="todo-churn-line"
          action={
            line.email ? (
              <Button
                size="small"
                variant="outlined"
                onClick={() => writeTo(line)}
                loading={winBack.isPending && winBack.variables === line.id}
                aria-label={t('insights.todo.winBackLine', { username: line.username })}
                data-testid="todo-win-back"
              >
                {t('insights.todo.winBack')}
              </Button>
            ) : undefined
          }
        >
          <LineLink line={line} />
          <Detail>
            {line.is_trial ? t('insights.todo.churnTrial') : t('insights.todo.churnQuiet')}
            {' · '}
            {t('insights.todo.endsOn', { date: toDisplayDate(line.expiry_date) })}
          </Detail>
          {!line.email && <Detail>{t('insights.todo.noEmail')}</Detail>}
        </Row>
      ))}
    </Section>
  );
}
