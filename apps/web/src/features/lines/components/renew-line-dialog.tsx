import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_LINE_PLAN_ID,
  defaultPlanPrices,
  isAdminAccount,
  planLinePrice,
  renewedExpiry,
  toDisplayDate,
  type Line,
} from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks/account-context';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { DurationPicker } from './duration-picker';
import { PriceSummary } from './price-summary';
import { useBusinessDay } from '../hooks/use-business-day';

type RenewLineDialogProps = {
  open: boolean;
  /** One line from its row or the edit page, several from the bulk action. */
  lines: readonly Line[];
  loading?: boolean;
  /** Already translated. */
  error?: string | null;
  onClose: () => void;
  onConfirm: (months: number) => void;
};

/** Pick a duration, see the price and (for one line) the new expiry date before renewing. */
export function RenewLineDialog({
  open,
  lines,
  loading = false,
  error,
  onClose,
  onConfirm,
}: RenewLineDialogProps) {
  const { t } = useTranslation();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const [months, setMonths] = useState(1);
  const { today } = useBusinessDay();
  const single = lines.length === 1 ? lines[0] : undefined;
  const newExpiry = single ? renewedExpiry(single.expiry_date, months, today) : null;
  // The plan list answers each plan at the viewer's own price (their price list over the plan's).
  const plans = useLinePlans();
  const pricesOf = (planId: number) =>
    plans.data?.find((plan) => plan.id === planId)?.prices ??
    plans.data?.find((plan) => plan.id === DEFAULT_LINE_PLAN_ID)?.prices ??
    defaultPlanPrices();
  const shownPrices = pricesOf(single?.plan_id ?? DEFAULT_LINE_PLAN_ID);
  const price = lines.reduce(
    (total, line) => total + (planLinePrice(pricesOf(line.plan_id), months, { isAdmin: admin }) ?? 0),
    0,
  );

  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="renew-title"
      slotProps={{ transition: { onExited: () => setMonths(1) } }}
    >
      <DialogTitle id="renew-title">
        {single
          ? t('lines.renew.title', { username: single.username })
          : t('lines.renew.bulkTitle', { count: lines.length })}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2.5 }} data-testid="renew-dialog">
          {error && (
            <Alert severity="error" data-testid="renew-error">
              {error}
            </Alert>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lines.renew.rule')}
          </Typography>
          <DurationPicker
            value={months}
            onChange={setMonths}
            free={admin}
            disabled={loading}
            prices={shownPrices}
          />
          {single && newExpiry && (
            <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('lines.renew.currentExpiry')}
                </Typography>
                <Typography variant="subtitle1">{toDisplayDate(single.expiry_date)}</Typography>
              </Box>
              <Box>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('lines.renew.newExpiry')}
                </Typography>
                <Typography variant="subtitle1" sx={{ color: 'primary.main' }} data-testid="renew-new-expiry">
                  {toDisplayDate(newExpiry)}
                </Typography>
              </Box>
            </Box>
          )}
          <PriceSummary price={price} balance={account.credits} admin={admin} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => onConfirm(months)}
          loading={loading}
          data-testid="renew-confirm"
        >
          {t('lines.renew.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
