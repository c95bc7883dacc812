import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sharingStepKinds, toDisplayDate, type ErrorParams, type LineEvent } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useLineEvents } from '../hooks/use-lines';
import { useSyncText } from '../hooks/use-sync-text';
import { durationLabel } from '../lib/duration-label';

type DotColor = 'primary' | 'success' | 'warning' | 'error' | 'info' | 'grey';

function dotColor(action: string): DotColor {
  if (/fail|error|refus/.test(action)) return 'error';
  if (/disabl|suspend|delet/.test(action)) return 'warning';
  if (/creat|renew|enabl|unfroz|restor/.test(action)) return 'success';
  if (action === 'archived') return 'warning';
  if (action === 'frozen') return 'info';
  if (/sync|reconcil/.test(action)) return 'info';
  return 'primary';
}

const fieldLabelKeys: Record<string, string> = {
  password: 'lines.fields.password',
  expiry_date: 'lines.fields.expiry',
  notes: 'lines.fields.notes',
  name: 'lines.fields.name',
  email: 'lines.fields.email',
  language: 'lines.fields.language',
  company: 'lines.fields.company',
  host_port: 'lines.fields.hostPort',
};

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const date = (value: unknown) => {
  const iso = text(value);
  return iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? toDisplayDate(iso) : iso;
};

/** What a reader wants to know about each kind of entry; ids and internals stay out. */
function useEventDetails() {
  const { t, i18n } = useTranslation();
  const syncText = useSyncText();
  return (event: LineEvent): string[] => {
    const details = event.details;
    const charged = typeof details.charged === 'number' && details.charged > 0 ? details.charged : null;
    const months = typeof details.subscription_months === 'number' ? details.subscription_months : null;
    const from = date(details.from);
    const to = date(details.to);
    const result: string[] = [];
    switch (event.action) {
      case 'created': {
        const duration = details.is_trial === true ? t('lines.fields.trial') : durationLabel(t, months);
        if (duration) result.push(duration);
        const expiry = date(details.expiry_date);
        if (expiry) result.push(t('lines.history.expiry', { date: expiry }));
        break;
      }
      case 'renewed': {
        const duration = durationLabel(t, months);
        if (duration) result.push(duration);
        if (from && to) result.push(t('lines.history.fromTo', { from, to }));
        break;
      }
      case 'edited': {
        const fields = Array.isArray(details.fields)
          ? details.fields.filter((f) => typeof f === 'string')
          : [];
        if (fields.length > 0) {
          const labels = fields.map((field) =>
            fieldLabelKeys[field] && i18n.exists(fieldLabelKeys[field])
              ? t(fieldLabelKeys[field] as 'lines.fields.name')
              : field,
          );
          result.push(t('lines.history.changed', { fields: labels.join(', ') }));
        }
        if (from && to) result.push(t('lines.history.fromTo', { from, to }));
        break;
      }
      case 'frozen':
      case 'unfrozen': {
        if (typeof details.days === 'number') result.push(t('lines.history.kept', { count: details.days }));
        const expiry = date(details.expiry_date);
        if (event.action === 'unfrozen' && expiry) result.push(t('lines.history.expiry', { date: expiry }));
        if (details.automatic === true) result.push(t('lines.history.automatic'));
        break;
      }
      case 'archived': {
        const expiry = date(details.expiry_date);
        if (expiry) result.push(t('lines.history.expiry', { date: expiry }));
        if (details.automatic === true) result.push(t('lines.history.archivedAutomatic'));
        break;
      }
      case 'moved': {
        const fromOwner = text(details.from);
        const toOwner = text(details.to);
        if (fromOwner && toOwner)
          result.push(t('lines.history.movedFromTo', { from: fromOwner, to: toOwner }));
        break;
      }
      case 'win_back_sent': {
        const email = text(details.email);
        if (email) result.push(t('lines.history.winBackTo', { email }));
        break;
      }
      case 'server_moved': {
        const server = text(details.to_server);
        if (server) result.push(t('linesBulk.moveServer.historyTo', { server }));
        break;
      }
      case 'plan_changed': {
        const plan = text(details.plan);
        if (plan) result.push(t('linesBulk.changePlan.plan', { plan }));
        break;
      }
      // Which step of the plan, and the score that took it: the evidence rows say where from.
      case 'sharing_step':
      case 'sharing_step_lifted': {
        const step = sharingStepKinds.find((kind) => kind === details.step);
        if (step) result.push(t(`lineConnections.evidence.steps.${step}`));
        if (typeof details.score === 'number')
          result.push(t('lineConnections.evidence.score', { score: details.score }));
        break;
      }
      case 'sync_failed':
      case 'sync_refused': {
        const error = text(details.error);
        if (error) {
          const params = details.params;
          result.push(
            syncText({
              text: error,
              code: text(details.code),
              params: params && typeof params === 'object' ? (params as ErrorParams) : null,
            }),
          );
        }
        break;
      }
    }
    if (charged !== null) result.push(t('lines.history.charged', { charged }));
    return result;
  };
}

function EventRow({ event, last }: { event: LineEvent; last: boolean }) {
  const { t, i18n } = useTranslation();
  const eventDetails = useEventDetails();
  const actionKey = `lines.history.actions.${event.action}`;
  const title = i18n.exists(actionKey) ? t(actionKey as 'lines.history.actions.created') : event.action;
  const color = dotColor(event.action);
  const details = eventDetails(event);

  return (
    <Box sx={{ display: 'flex', gap: 2 }} data-testid="line-event" data-action={event.action}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}>
        <Box
          sx={{
            width: 12,
            height: 12,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: color === 'grey' ? 'grey.500' : `${color}.main`,
          }}
        />
        {!last && <Box sx={{ width: 2, flexGrow: 1, bgcolor: 'divider', my: 0.5 }} />}
      </Box>
      <Box sx={{ pb: last ? 0 : 3, minWidth: 0 }}>
        <Typography variant="subtitle2" data-testid="line-event-title">
          {title}
        </Typography>
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {formatDateTime(event.created_at, i18n.resolvedLanguage)}
          {event.actor_email ? ` · ${event.actor_email}` : ''}
        </Typography>
        {details.length > 0 && (
          <Stack sx={{ mt: 0.5, gap: 0.25 }} data-testid="line-event-details">
            {details.map((detail) => (
              <Typography
                key={detail}
                variant="body2"
                sx={{ color: 'text.secondary', wordBreak: 'break-word' }}
              >
                {detail}
              </Typography>
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}

/** The line's audit log (created, renewed, edited, synced...), newest first. */
// Memoised: the line page's form renders again beside it as it settles and as it is typed in.
export const LineHistory = memo(function LineHistory({ lineId }: { lineId: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const events = useLineEvents(lineId);
  const items = events.data?.items ?? [];

  return (
    <Card>
      <CardHeader title={t('lines.history.title')} subheader={t('lines.history.subtitle')} />
      <CardContent data-testid="line-history">
        {events.isPending && (
          <Stack sx={{ gap: 2 }}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={40} />
            ))}
          </Stack>
        )}
        {events.isError && <Alert severity="error">{errorMessage(events.error)}</Alert>}
        {events.isSuccess && items.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lines.history.empty')}
          </Typography>
        )}
        {items.map((event, index) => (
          <EventRow key={event.id} event={event} last={index === items.length - 1} />
        ))}
      </CardContent>
    </Card>
  );
});
