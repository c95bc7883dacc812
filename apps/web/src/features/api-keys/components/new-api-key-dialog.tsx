import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ApiKeyCreated } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useCreateApiKey } from '../hooks/use-api-keys';
import { DateField } from '../../../components/form/date-field';

type NewApiKeyDialogProps = { open: boolean; onClose: () => void };

/** Two steps in one dialog: name the key, then show it once for copying. */
export function NewApiKeyDialog({ open, onClose }: NewApiKeyDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [copied, setCopied] = useState(false);

  const close = () => {
    setName('');
    setExpiresOn('');
    setCreated(null);
    setCopied(false);
    create.reset();
    onClose();
  };

  const submit = () => {
    // The key stops working at the end of the chosen day, in the user's time zone.
    const expires_at = expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null;
    create.mutate({ name: name.trim(), expires_at }, { onSuccess: setCreated });
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard?.writeText(created.key).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{created ? t('apiKeys.newKeyTitle') : t('apiKeys.create')}</DialogTitle>
      <DialogContent>
        {created ? (
          <Stack sx={{ gap: 2 }}>
            <Alert severity="warning">{t('apiKeys.newKeyText')}</Alert>
            <TextField
              value={created.key}
              fullWidth
              slotProps={{
                input: { readOnly: true, sx: { fontFamily: 'monospace' } },
                htmlInput: { 'data-testid': 'api-key-value' },
              }}
              onFocus={(event) => event.target.select()}
            />
          </Stack>
        ) : (
          <Stack sx={{ gap: 2, pt: 1 }}>
            {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            <TextField
              label={t('apiKeys.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoFocus
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'api-key-name' } }}
            />
            <DateField label={t('apiKeys.expiresAt')} value={expiresOn} onChange={setExpiresOn} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {created ? (
          <>
            <Button variant="outlined" onClick={copy} data-testid="api-key-copy">
              {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
            </Button>
            <Button variant="contained" onClick={close}>
              {t('apiKeys.done')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outlined" color="inherit" onClick={close} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={submit}
              loading={create.isPending}
              disabled={name.trim() === ''}
              data-testid="api-key-create-submit"
            >
              {t('apiKeys.create')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
