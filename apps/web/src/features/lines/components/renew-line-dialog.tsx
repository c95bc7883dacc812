import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
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
  renewalPlanDifference,
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
  /** `planId`: the plan a single line moves to with the renewal (absent: it stays on its plan). */
  onConfirm: (months: number, planId?: number) => void;
};

/**
 * Pick a duration, see the price and (for one line) the new expiry date before renewing. One line may
 * move to another plan with its renewal: the renewal is priced on that plan and the days it has left
 * are topped up to it, both shown before anything is sent (the same rules the server charges by).
 */
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
  // The plan one line renews on; null: its own.
  const [chosenPlan, setChosenPlan] = useState<number | null>(null);
  const { today } = useBusinessDay();
  const single = lines.length === 1 ? lines[0] : undefined;
  const newExpiry = single ? renewedExpiry(single.expiry_date, months, today) : null;
  // The plan list answers each plan at the viewer's own price (their price list over the plan's) and
  // only the plans the viewer may sell.
  const plans = useLinePlans();
  const pricesOf = (planId: number) =>
    plans.data?.find((plan) => plan.id === planId)?.prices ??
    plans.data?.find((plan) => plan.id === DEFAULT_LINE_PLAN_ID)?.prices ??
    defaultPlanPrices();
  const planId = single ? (chosenPlan ?? single.plan_id) : null;
  const moving = single !== undefined && planId !== null && planId !== single.plan_id ? planId : undefined;
  const shownPrices = pricesOf(planId ?? DEFAULT_LINE_PLAN_ID);
  const renewalPrice = lines.reduce(
    (total, line) =>
      total + (planLinePrice(pricesOf(moving ?? line.plan_id), months, { isAdmin: admin }) ?? 0),
    0,
  );
  const difference =
    single && moving !== undefined
      ? renewalPlanDifference(
          pricesOf(single.plan_id),
          pricesOf(moving),
          {
            months: single.subscription_months,
            isTrial: single.is_trial,
            expiryDate: single.expiry_date,
            frozenDays: single.frozen_days ?? null,
          },
          months,
          today,
          { isAdmin: admin },
        )
      : 0;
  const price = renewalPrice + difference;
  const planChoices = (plans.data ?? []).filter((plan) => !plan.archived || plan.id === single?.plan_id);

  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="renew-title"
      slotProps={{
        transition: {
          onExited: () => {
            setMonths(1);
            setChosenPlan(null);
          },
        },
      }}
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
          {single && planChoices.length > 1 && (
            <TextField
              select
              label={t('lines.renew.plan')}
              value={String(planId)}
              onChange={(event) => setChosenPlan(Number(event.target.value))}
              disabled={loading}
              helperText={t('lines.renew.planHelp')}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'renew-plan-select' } as object } }}
            >
              {planChoices.map((plan) => (
                <MenuItem key={plan.id} value={String(plan.id)} data-testid={`renew-plan-option-${plan.id}`}>
                  {plan.name}
                  {plan.packages.length > 0 && ` · ${plan.packages.join(', ')}`}
                </MenuItem>
              ))}
            </TextField>
          )}
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
          {moving !== undefined && !admin && (
            <Stack sx={{ gap: 0.5 }} data-testid="renew-plan-change">
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('lines.renew.onNewPlan')}
                </Typography>
                <Typography variant="subtitle2" data-testid="renew-plan-price">
                  {t('lines.price.credits', { count: renewalPrice })}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('lines.renew.difference')}
                </Typography>
                <Typography variant="subtitle2" data-testid="renew-plan-difference">
                  {t('lines.price.credits', { count: difference })}
                </Typography>
              </Box>
            </Stack>
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
          onClick={() => onConfirm(months, moving)}
          loading={loading}
          data-testid="renew-confirm"
        >
          {t('lines.renew.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
