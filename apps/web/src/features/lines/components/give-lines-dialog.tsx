import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LINE_TRANSFER_MAX_CREDITS, type LineTransferResult } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useTransferLines } from '../hooks/use-line-freeze';
import { OwnerFilter } from './owner-filter';

type GiveLinesDialogProps = {
  open: boolean;
  /** The lines to give (ticked in the list, or the one line of a row's menu). */
  ids: number[];
  onClose: () => void;
  onGiven: (result: LineTransferResult) => void;
};

/** Gives lines to another reseller of the caller's tree (any account for admins), credits only if asked. */
export function GiveLinesDialog({ open, ids, onClose, onGiven }: GiveLinesDialogProps) {
  return open ? <GiveLinesForm ids={ids} onClose={onClose} onGiven={onGiven} /> : null;
}

function GiveLinesForm({ ids, onClose, onGiven }: Omit<GiveLinesDialogProps, 'open'>) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const transfer = useTransferLines();
  const [target, setTarget] = useState<string | undefined>();
  const [withCredits, setWithCredits] = useState(false);
  const [credits, setCredits] = useState('');
  const amount = Number(credits);
  const creditsValid =
    !withCredits || (/^\d+$/.test(credits) && amount >= 1 && amount <= LINE_TRANSFER_MAX_CREDITS);

  const submit = () => {
    if (!target || !creditsValid) return;
    transfer.mutate(
      { ids, target_account_id: target, ...(withCredits ? { credits: amount } : {}) },
      { onSuccess: onGiven },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="give-lines-dialog">
      <DialogTitle>{t('lines.give.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('lines.bulk.selected', { count: ids.length })}. {t('lines.give.help')}
          </Typography>
          {transfer.isError && (
            <Alert severity="error" data-testid="give-lines-error">
              {errorMessage(transfer.error)}
            </Alert>
          )}
          <OwnerFilter
            value={target}
            onChange={setTarget}
            label={t('lines.give.target')}
            testId="give-target"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={withCredits}
                onChange={(event) => setWithCredits(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'give-with-credits' } as object }}
              />
            }
            label={t('lines.give.moveCredits')}
          />
          {withCredits && (
            <TextField
              type="number"
              label={t('lines.give.credits')}
              value={credits}
              onChange={(event) => setCredits(event.target.value)}
              error={credits !== '' && !creditsValid}
              slotProps={{
                htmlInput: { min: 1, max: LINE_TRANSFER_MAX_CREDITS, 'data-testid': 'give-credits' },
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!target || !creditsValid}
          loading={transfer.isPending}
          data-testid="give-confirm"
        >
          {t('lines.give.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
