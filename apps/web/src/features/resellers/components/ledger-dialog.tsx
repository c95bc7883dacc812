import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ManagedAccount } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';
import { LedgerGrid } from '../../credits/components/ledger-grid';

type LedgerDialogProps = { open: boolean; account: ManagedAccount | null; onClose: () => void };

/** Another account's credit movements (admins: anyone; resellers: their sub-accounts). */
export function LedgerDialog({ open, account, onClose }: LedgerDialogProps) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="ledger-dialog-title">
      <DialogTitle id="ledger-dialog-title">
        {t('resellers.ledger.title', { email: account?.email ?? '' })}
        {account && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {t('resellers.credits.current', {
              credits: formatNumber(account.credits, i18n.resolvedLanguage),
            })}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent sx={{ px: 0 }} data-testid="ledger-dialog">
        {account && <LedgerGrid accountId={account.id} showActor />}
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('resellers.ledger.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
