import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';

type ApproveOnlineTopUpDialogProps = {
  request: TopUpRequest | null;
  open: boolean;
  onClose: () => void;
  onConfirm: (request: TopUpRequest) => void;
};

/** Whether approving asks first: a request paid online is the provider's to confirm, not the admin's. */
export const approvalNeedsConfirming = (request: TopUpRequest) =>
  request.method_kind === 'stripe' || request.method_kind === 'btcpay';

/**
 * An admin crediting a request paid online by hand: what it means is said before it is done. The
 * request keeps its provider payment, so the provider's later events (its payment, a refund, a
 * chargeback) follow the approval instead of being refused.
 */
export function ApproveOnlineTopUpDialog({
  request,
  open,
  onClose,
  onConfirm,
}: ApproveOnlineTopUpDialogProps) {
  const { t, i18n } = useTranslation();
  if (!request) return null;
  const provider = request.method_kind ? t(`credits.topups.kinds.${request.method_kind}`) : '';
  return (
    <Dialog open={open} onClose={onClose} data-testid="topup-approve-online-dialog">
      <DialogTitle>
        {t(
          request.status === 'needs_attention'
            ? 'credits.topups.creditOnlineTitle'
            : 'credits.topups.approveOnlineTitle',
        )}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {t('credits.topups.approveOnlineText', {
            credits: formatNumber(request.credits, i18n.resolvedLanguage),
            email: request.account_email ?? '—',
            amount: formatPrice(request.amount_cents, request.currency, i18n.resolvedLanguage),
            provider,
          })}
        </DialogContentText>
        <DialogContentText>{t('credits.topups.approveOnlineFollows', { provider })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="topup-approve-online-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="success"
          onClick={() => onConfirm(request)}
          data-testid="topup-approve-online-confirm"
        >
          {t(request.status === 'needs_attention' ? 'credits.topups.credit' : 'credits.topups.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
