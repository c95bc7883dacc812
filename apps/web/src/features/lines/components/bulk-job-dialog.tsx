import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format-date';
import { JobError } from './job-error';
import type { LineBulkItem, LineBulkJob } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { lineBulkResultsUrl } from '../api/line-bulk-api';
import { useLineBulkJob } from '../hooks/use-line-bulk';

type BulkJobDialogProps = {
  /** The job as its start answered, shown until the first refresh. */
  started: LineBulkJob | null;
  open: boolean;
  onClose: () => void;
};

/**
 * A bulk action while it runs on the server (live from its events) and, once done, its result: how
 * many lines succeeded, which were refused and why, and the whole result (for a bulk create the
 * credentials) as a CSV.
 */
export function BulkJobDialog({ started, open, onClose }: BulkJobDialogProps) {
  const { t, i18n } = useTranslation();
  const job = useLineBulkJob(open && started ? started.id : null).data ?? started;
  // A dead job ends too: it was given up after its last failed attempt.
  const finished = job?.status === 'done' || job?.status === 'dead';
  const percent = !job || job.total === 0 ? 0 : Math.round((job.done / job.total) * 100);
  const reason = (item: LineBulkItem) =>
    item.code && i18n.exists(`errors.${item.code}`)
      ? t(`errors.${item.code}` as 'errors.INTERNAL')
      : item.message;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="bulk-job-title">
      <DialogTitle id="bulk-job-title">
        {job ? t(`linesBulk.running.${job.action}`) : t('linesBulk.starting')}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }} data-testid="bulk-progress" data-finished={finished}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <LinearProgress
              variant={job ? 'determinate' : 'indeterminate'}
              value={percent}
              sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
              aria-label={t('lines.bulk.progress', { done: job?.done ?? 0, total: job?.total ?? 0 })}
            />
            <Typography
              variant="subtitle2"
              data-testid="bulk-progress-count"
              sx={{ minWidth: 56, textAlign: 'right' }}
            >
              {t('lines.bulk.progress', { done: job?.done ?? 0, total: job?.total ?? 0 })}
            </Typography>
          </Box>
          {job?.grace && job.grace.waiting > 0 && job.grace.until && (
            <Alert severity="info" data-testid="bulk-move-grace" data-waiting={job.grace.waiting}>
              {t('linesBulk.moveServer.graceWaiting', {
                count: job.grace.waiting,
                until: formatDateTime(job.grace.until, i18n.language),
              })}
            </Alert>
          )}
          {job && job.charged > 0 && (
            <Typography variant="body2" data-testid="bulk-charged" data-charged={job.charged}>
              {t('linesBulk.charged', { count: job.charged })}
            </Typography>
          )}
          {job?.status === 'queued' && job.attempts > 0 && (
            <Alert severity="warning" data-testid="bulk-retrying" data-attempts={job.attempts}>
              {t('linesBulk.retrying', { count: job.attempts })}
              {job.last_error && <JobError text={job.last_error} />}
            </Alert>
          )}
          {job?.status === 'dead' && (
            <Alert severity="error" data-testid="bulk-dead" data-not-done={job.total - job.done}>
              {t('linesBulk.dead', { count: job.attempts, notDone: job.total - job.done })}
              {job.last_error && <JobError text={job.last_error} />}
            </Alert>
          )}
          {job && finished && (
            <Alert
              severity={job.refused === 0 ? 'success' : job.succeeded === 0 ? 'error' : 'warning'}
              data-testid="bulk-summary"
            >
              {t('lines.bulk.summary', { succeeded: job.succeeded, failed: job.refused })}
            </Alert>
          )}
          {job && job.refusals.length > 0 && (
            <List dense disablePadding data-testid="bulk-failures" sx={{ maxHeight: 240, overflow: 'auto' }}>
              {job.refusals.map((item) => (
                <ListItem key={`${item.line_id}-${item.username}`} disableGutters data-testid="bulk-failure">
                  <ListItemText
                    primary={item.username ?? t('linesBulk.lineNumber', { id: item.line_id })}
                    secondary={reason(item)}
                    slotProps={{ secondary: { sx: { color: 'error.main' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {job && finished && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={<FileDownloadOutlinedIcon />}
            component="a"
            href={lineBulkResultsUrl(job.id)}
            download
            data-testid="bulk-download"
          >
            {job.action === 'create' ? t('linesBulk.downloadCredentials') : t('linesBulk.downloadResults')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose} data-testid="bulk-close">
          {finished ? t('lines.bulk.close') : t('linesBulk.runningInBackground')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
