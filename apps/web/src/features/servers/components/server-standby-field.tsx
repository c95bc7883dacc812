import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Server } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerErrorMessage } from '../hooks/use-server-messages';
import { ALL_SERVERS, useServers, useSetServerStandby } from '../hooks/use-servers';

/**
 * The server's standby (docs/standby.md), saved on its own: choosing one fills it with the server's
 * lines, which is not an edit of the server's fields. The server decides which servers fit; every
 * other server is offered and a refusal is shown as its translated reason.
 */
export function ServerStandbyField({ server }: { server: Server }) {
  const { t } = useTranslation();
  const errorMessage = useServerErrorMessage();
  const servers = useServers(ALL_SERVERS).data?.items ?? [];
  const save = useSetServerStandby();
  const [choice, setChoice] = useState<number | ''>(server.standby_id ?? '');
  // The standby as last saved: the server the edit dialog was opened with is not refreshed by a save,
  // and compared with it a saved choice would still look unsaved.
  const [saved, setSaved] = useState<number | null>(server.standby_id);
  const others = servers.filter((other) => other.id !== server.id);
  const changed = (choice === '' ? null : choice) !== saved;
  return (
    <Stack spacing={1} data-testid="server-standby-field">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('serverStandby.label')}
          value={choice}
          onChange={(event) => setChoice(event.target.value === '' ? '' : Number(event.target.value))}
          sx={{ minWidth: 240 }}
          slotProps={{ htmlInput: { 'data-testid': 'server-standby-select' } }}
        >
          <MenuItem value="">{t('serverStandby.none')}</MenuItem>
          {others.map((other) => (
            <MenuItem key={other.id} value={other.id}>
              {other.server_name} ({other.protocol})
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={!changed || save.isPending}
          onClick={() =>
            save.mutate(
              { id: server.id, standbyId: choice === '' ? null : choice },
              { onSuccess: (updated) => setSaved(updated.standby_id) },
            )
          }
          data-testid="server-standby-save"
        >
          {t('serverStandby.save')}
        </Button>
      </Stack>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('serverStandby.help')}
      </Typography>
      {save.isError && (
        <Typography
          variant="body2"
          role="alert"
          sx={{ color: 'error.main' }}
          data-testid="server-standby-error"
        >
          {errorMessage(save.error)}
        </Typography>
      )}
      {save.isSuccess && !changed && (
        <Typography variant="body2" role="status" sx={{ color: 'success.main' }}>
          {t('serverStandby.saved')}
        </Typography>
      )}
    </Stack>
  );
}
