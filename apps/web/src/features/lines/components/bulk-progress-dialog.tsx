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
import { useTranslation } from 'react-i18next';

export type BulkFailureRow = { id: number; username: string; message: string };

export type BulkRun = {
  open: boolean;
  title: string;
  total: number;
  done: number;
  failures: BulkFailureRow[];
  finished: boolean;
};

type BulkProgressDialogProps = { run: BulkRun; onStop: () => void; onClose: () => void };

/** Progress of a bulk action (n of total) and, at the end, which lines failed and why. */
export function BulkProgressDialog({ run, onStop, onClose }: BulkProgressDialogProps) {
  const { t } = useTranslation();
  const percent = run.total === 0 ? 100 : Math.round((run.done / run.total) * 100);
  const succeeded = run.done - run.failures.length;

  return (
    <Dialog open={run.open} onClose={run.finished ? onClose : undefined} fullWidth maxWidth="sm">
      <DialogTitle>{run.title}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }} data-testid="bulk-progress" data-finished={run.finished}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
              aria-label={t('lines.bulk.progress', { done: run.done, total: run.total })}
            />
            <Typography
              variant="subtitle2"
              data-testid="bulk-progress-count"
              sx={{ minWidth: 56, textAlign: 'right' }}
            >
              {t('lines.bulk.progress', { done: run.done, total: run.total })}
            </Typography>
          </Box>
          {run.finished && (
            <Alert
              severity={run.failures.length === 0 ? 'success' : succeeded === 0 ? 'error' : 'warning'}
              data-testid="bulk-summary"
            >
              {t('lines.bulk.summary', { succeeded, failed: run.failures.length })}
            </Alert>
          )}
          {run.failures.length > 0 && (
            <List dense disablePadding data-testid="bulk-failures" sx={{ maxHeight: 240, overflow: 'auto' }}>
              {run.failures.map((failure) => (
                <ListItem key={failure.id} disableGutters data-testid="bulk-failure">
                  <ListItemText
                    primary={failure.username}
                    secondary={failure.message}
                    slotProps={{ secondary: { sx: { color: 'error.main' } } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {run.finished ? (
          <Button variant="contained" onClick={onClose} data-testid="bulk-close">
            {t('lines.bulk.close')}
          </Button>
        ) : (
          <Button variant="outlined" color="inherit" onClick={onStop} data-testid="bulk-stop">
            {t('lines.bulk.stop')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
