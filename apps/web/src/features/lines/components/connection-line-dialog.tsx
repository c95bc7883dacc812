import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { connectionLine, toDisplayDate, type LineWriteResult } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { useActiveServers, useClientConfig } from '../hooks/use-lines';
import { useSyncText } from '../hooks/use-sync-text';
import { connectionTarget } from '../lib/connection-target';
import { ConnectionLineBox } from './connection-line-box';
import { errorKey } from '../lib/error-key';

type ConnectionLineDialogProps = {
  /** Kept while the dialog closes so its text does not change mid-animation. */
  result: LineWriteResult | null;
  open: boolean;
  onAddAnother: () => void;
  onDone: () => void;
};

/** After a create: the line the customer types into their receiver, ready to copy. */
export function ConnectionLineDialog({ result, open, onAddAnother, onDone }: ConnectionLineDialogProps) {
  const { t, i18n } = useTranslation();
  const syncText = useSyncText();
  const servers = useActiveServers();
  const config = useClientConfig();
  const line = result?.line;
  const target = line ? connectionTarget(line, servers.data, config.data) : null;
  const text = line && target ? connectionLine(target, line) : null;

  return (
    <Dialog open={open} onClose={onDone} fullWidth maxWidth="sm" aria-labelledby="connection-line-title">
      <DialogTitle id="connection-line-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleOutlineIcon color="success" />
        {t('lines.created.title')}
      </DialogTitle>
      <DialogContent>
        {line && result && (
          <Stack sx={{ gap: 2.5 }} data-testid="connection-line-dialog">
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('lines.created.text', { username: line.username, expiry: toDisplayDate(line.expiry_date) })}
            </Typography>
            {text ? (
              <ConnectionLineBox
                text={text}
                copyLabel={t('lines.created.copy')}
                testId="connection-line"
                copyTestId="connection-line-copy"
                large
              />
            ) : (
              <Alert severity="info" data-testid="connection-line-unknown">
                {t('lines.created.noTarget', { username: line.username, password: line.password })}
              </Alert>
            )}
            {!result.sync.ok && (
              <Alert severity="warning" data-testid="connection-sync-warning">
                {result.sync.message
                  ? syncText({
                      text: result.sync.message,
                      code: result.sync.code,
                      params: result.sync.params,
                    })
                  : t(errorKey('LINE_SERVER_ADD_FAILED'))}
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {t('lines.created.willRetry')}
                </Box>
              </Alert>
            )}
            {result.charged > 0 && (
              <Typography variant="body2" data-testid="connection-charged">
                {t('lines.created.charged', {
                  charged: result.charged,
                  balance: formatNumber(result.balance ?? 0, i18n.resolvedLanguage),
                })}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          variant="outlined"
          color="inherit"
          onClick={onAddAnother}
          data-testid="connection-add-another"
        >
          {t('lines.created.addAnother')}
        </Button>
        <Button variant="contained" onClick={onDone} data-testid="connection-done">
          {t('lines.created.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
