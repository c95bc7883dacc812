import AcUnitIcon from '@mui/icons-material/AcUnit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addDays, toDisplayDate, type Line } from '@linedesk/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDateTime } from '../../../lib/format-date';
import { useAnswerLineFreezeRequest, useLineFreezeRequest } from '../hooks/use-line-freeze';

/**
 * The customer's ask (from the portal) to freeze this line, while it waits for an answer or stands
 * scheduled for a later start day: from when to when, who asked and when; the owner approves or
 * refuses an open one, and cancels a scheduled one before its day. Nothing shows without one (or
 * when the server does not let this account read it).
 */
export const LineFreezeRequestCard = memo(function LineFreezeRequestCard({ line }: { line: Line }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const ask = useLineFreezeRequest(line.id);
  const answer = useAnswerLineFreezeRequest(line.id);
  const request = ask.data?.request;
  if (!request) return null;
  const scheduled = request.decision === 'scheduled';
  const send = (approve: boolean) =>
    answer.mutate(approve, {
      onSuccess: () =>
        snackbar(
          t(
            approve
              ? 'lines.freezeAsk.approved'
              : scheduled
                ? 'lines.freezeAsk.cancelled'
                : 'lines.freezeAsk.refused',
            { username: line.username },
          ),
        ),
    });
  const busy = answer.isPending;

  return (
    <Card data-testid="line-freeze-request" data-state={scheduled ? 'scheduled' : 'open'}>
      <CardHeader
        avatar={<AcUnitIcon color={scheduled ? 'info' : 'warning'} />}
        title={t(scheduled ? 'lines.freezeAsk.scheduledTitle' : 'lines.freezeAsk.openTitle')}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack sx={{ gap: 1.5 }}>
          <Typography variant="subtitle2" data-testid="line-freeze-request-period">
            {t('lines.freezeAsk.period', {
              count: request.days,
              from: toDisplayDate(request.starts_on),
              to: toDisplayDate(addDays(request.starts_on, request.days - 1)),
            })}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary' }}
            data-testid="line-freeze-request-asked"
          >
            {t('lines.freezeAsk.askedBy', {
              username: line.username,
              date: formatDateTime(request.requested_at, i18n.resolvedLanguage),
            })}
          </Typography>
          {scheduled && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('lines.freezeAsk.scheduledNote')}
            </Typography>
          )}
          {answer.isError && (
            <Alert severity="error" data-testid="line-freeze-request-error">
              {errorMessage(answer.error)}
            </Alert>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {scheduled ? (
              <Button
                variant="outlined"
                color="warning"
                loading={busy}
                onClick={() => send(false)}
                data-testid="line-freeze-request-cancel"
              >
                {t('lines.freezeAsk.cancel')}
              </Button>
            ) : (
              <>
                <Button
                  variant="contained"
                  loading={busy && answer.variables}
                  disabled={busy}
                  onClick={() => send(true)}
                  data-testid="line-freeze-request-approve"
                >
                  {t('lines.freezeAsk.approve')}
                </Button>
                <Button
                  color="inherit"
                  loading={busy && !answer.variables}
                  disabled={busy}
                  onClick={() => send(false)}
                  data-testid="line-freeze-request-refuse"
                >
                  {t('lines.freezeAsk.refuse')}
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
});
