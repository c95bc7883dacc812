import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Server } from '@linedesk/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useCopyText } from '../../../hooks/use-copy-text';
import { formatDateTime } from '../../../lib/format-date';
import { useInstallCommand } from '../hooks/use-servers';

type AgentInstallDialogProps = { open: boolean; server: Server | null; onClose: () => void };

/** One read-only command with its copy button. */
function CommandField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  // "Copied" for a moment, as every copy button in the panel: a second copy shows it again.
  const { copied, copy } = useCopyText(value);
  return (
    <Stack sx={{ gap: 1 }}>
      <TextField
        label={label}
        value={value}
        fullWidth
        multiline
        slotProps={{
          input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: 13 } },
          htmlInput: { 'data-testid': testId },
        }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="outlined"
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        onClick={copy}
        data-testid={`${testId}-copy`}
      >
        {copied ? t('agentInstall.copied') : t('agentInstall.copy')}
      </Button>
    </Stack>
  );
}

/**
 * The command that installs the agent on this server's machine, with a fresh token for its login
 * (asked each time the dialog opens: a token works 24 hours, and a changed password ends it).
 */
export function AgentInstallDialog({ open, server, onClose }: AgentInstallDialogProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const command = useInstallCommand();
  const { mutate, reset } = command;
  const serverId = server?.id;

  useEffect(() => {
    if (open && serverId !== undefined) mutate(serverId);
  }, [open, serverId, mutate]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle>{t('agentInstall.title', { name: server?.server_name ?? '' })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }} data-testid="agent-install-dialog">
          <Typography variant="body2">{t('agentInstall.intro')}</Typography>
          {command.isError && <Alert severity="error">{errorMessage(command.error)}</Alert>}
          {command.data ? (
            <>
              <CommandField
                label={t('agentInstall.installCommand')}
                value={command.data.command}
                testId="agent-install-command"
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('agentInstall.expires', {
                  date: formatDateTime(command.data.expires_at, i18n.resolvedLanguage),
                })}
              </Typography>
              <Alert severity="info">{t('agentInstall.after')}</Alert>
              <CommandField
                label={t('agentInstall.updateCommand')}
                value={command.data.update_command}
                testId="agent-update-command"
              />
              <CommandField
                label={t('agentInstall.uninstallCommand')}
                value={command.data.uninstall_command}
                testId="agent-uninstall-command"
              />
            </>
          ) : (
            !command.isError && <Skeleton variant="rounded" height={96} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('agentInstall.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
