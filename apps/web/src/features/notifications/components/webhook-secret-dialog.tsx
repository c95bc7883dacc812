import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The signing secret, shown once for copying right after it was made. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={secret !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('notifications.secretTitle')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Alert severity="warning">{t('notifications.secretText')}</Alert>
          <TextField
            value={secret ?? ''}
            fullWidth
            slotProps={{
              input: { readOnly: true, sx: { fontFamily: 'monospace' } },
              htmlInput: { 'data-testid': 'webhook-secret-value' },
            }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigator.clipboard?.writeText(secret ?? '').catch(() => undefined)}>
          {t('notifications.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-done">
          {t('notifications.secretDone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
