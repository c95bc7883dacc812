import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatPrice, type TopUpRequest } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/number-format';

type ApproveTopUpDialogProps = {
  request: TopUpRequest | null;
  open: boolean;
  onClose: () => void;
  onConfirm: (request: TopUpRequest) => void;
};

/** A request paid online is the provider's to confirm: approving it by hand ties it to the provider's events. */
const paidOnline = (request: TopUpRequest) =>
  request.method_kind === 'stripe' || request.method_kind === 'btcpay';

/**
 * Every approval asks first, because it moves money: who gets how many credits, for what and how it
 * was paid. An online request also says that its provider's later events (its payment, a refund, a
 * chargeback) follow the approval instead of being refused.
 */
export function ApproveTopUpDialog({ request, open, onClose, onConfirm }: ApproveTopUpDialogProps) {
  const { t, i18n } = useTranslation();
  if (!request) return null;
  const language = i18n.resolvedLanguage;
  const online = paidOnline(request);
  const provider = request.method_kind ? t(`credits.topups.kinds.${request.method_kind}`) : '';
  const reference = [request.reference_code, request.payment_reference].filter(Boolean).join(' · ');
  const credit = request.status === 'needs_attention';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="topup-approve-dialog">
      <DialogTitle>{t(credit ? 'payments.approve.creditTitle' : 'payments.approve.title')}</DialogTitle>
      <DialogContent>
        <Typography
          variant="h6"
          component="p"
          sx={{ overflowWrap: 'anywhere' }}
          data-testid="topup-approve-who"
        >
          {t('payments.approve.who', {
            count: request.credits,
            credits: formatNumber(request.credits, language),
            email: request.account_email ?? '—',
          })}
        </Typography>
        <DialogContentText sx={{ mb: 1 }} data-testid="topup-approve-what">
          {t('payments.approve.what', {
            package: request.package_name,
            amount: formatPrice(request.amount_cents, request.currency, language),
            method: request.method_name ?? t('credits.topups.noMethod'),
          })}
        </DialogContentText>
        {reference && (
          <DialogContentText sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {t('payments.approve.reference', { reference })}
          </DialogContentText>
        )}
        {online ? (
          <Alert severity="info" data-testid="topup-approve-online">
            {t('credits.topups.approveOnlineFollows', { provider })}
          </Alert>
        ) : (
          <>
            {request.method_kind === 'manual' && !request.proof && (
              <DialogContentText sx={{ mb: 1 }}>{t('payments.approve.noProof')}</DialogContentText>
            )}
            <Alert severity="warning">{t('payments.approve.manualNote')}</Alert>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="topup-approve-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color="success"
          onClick={() => onConfirm(request)}
          data-testid="topup-approve-confirm"
        >
          {t(credit ? 'payments.approve.confirmCredit' : 'payments.approve.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
