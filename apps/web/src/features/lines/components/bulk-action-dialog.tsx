import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_LINE_PLAN_ID,
  isAdminAccount,
  LINE_BULK_CREATE_MAX,
  LINE_GIVE_MAX_CREDITS,
  type LineBulkAction,
  type LineBulkBody,
  type LineBulkJob,
} from '@linedesk/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { useLineBulkPreview, useStartLineBulk } from '../hooks/use-line-bulk';
import { DurationPicker } from './duration-picker';
import { OwnerFilter } from './owner-filter';
import { PriceSummary } from './price-summary';

/** Which lines an action is for: ticked rows, or every line matching the list's filter. */
export type BulkSelection = Pick<LineBulkBody, 'ids' | 'filter'>;

type BulkActionDialogProps = {
  open: boolean;
  action: LineBulkAction;
  selection: BulkSelection;
  onClose: () => void;
  onStarted: (job: LineBulkJob) => void;
};

/**
 * The confirmation of a bulk action: what it touches and its total cost, as the server computes them
 * (the preview), before anything is charged. The same Idempotency-Key is sent however often Start is
 * pressed while the dialog is open, so one confirmation starts one job.
 */
export function BulkActionDialog({ open, action, selection, onClose, onStarted }: BulkActionDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const [months, setMonths] = useState(1);
  const [target, setTarget] = useState<string | undefined>();
  // A move carries credits from the lines' owner only when asked.
  const [withCredits, setWithCredits] = useState(false);
  const [credits, setCredits] = useState('');
  const creditAmount = Number(credits);
  const creditsValid =
    !withCredits || (/^\d+$/.test(credits) && creditAmount >= 1 && creditAmount <= LINE_GIVE_MAX_CREDITS);
  const [planId, setPlanId] = useState('');
  // A plan change asks: lines keep their own settings kept from their server unless told otherwise.
  const [keepOverrides, setKeepOverrides] = useState(true);
  const plans = useLinePlans();
  const [count, setCount] = useState('10');
  const [prefix, setPrefix] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const start = useStartLineBulk();

  const body = useMemo<LineBulkBody | null>(() => {
    if (action === 'create') {
      const n = Number(count);
      if (!prefix.trim() || !Number.isInteger(n)) return null;
      return { action, count: n, username_prefix: prefix.trim(), subscription_months: months };
    }
    if (action === 'move' && (!target || !creditsValid)) return null;
    if (action === 'change_plan' && !planId) return null;
    return {
      action,
      ...selection,
      ...(action === 'renew' ? { subscription_months: months } : {}),
      ...(action === 'move'
        ? { target_owner_id: target, ...(withCredits ? { credits: creditAmount } : {}) }
        : {}),
      ...(action === 'change_plan' ? { plan_id: Number(planId), keep_overrides: keepOverrides } : {}),
    };
  }, [
    action,
    selection,
    months,
    target,
    withCredits,
    creditAmount,
    creditsValid,
    planId,
    keepOverrides,
    count,
    prefix,
  ]);
  const preview = useLineBulkPreview(open ? body : null);
  const data = body ? preview.data : undefined;
  const ready = Boolean(data && data.count > 0 && data.sufficient) && !preview.isFetching;

  const reset = () => {
    setMonths(1);
    setTarget(undefined);
    setWithCredits(false);
    setCredits('');
    setPlanId('');
    setKeepOverrides(true);
    setCount('10');
    setPrefix('');
    setKey(crypto.randomUUID());
    start.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={start.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="bulk-action-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="bulk-action-title">{t(`linesBulk.title.${action}`)}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2.5, pt: 1 }} data-testid="bulk-action-dialog" data-action={action}>
          {action === 'create' && (
            <>
              <TextField
                label={t('linesBulk.create.count')}
                type="number"
                value={count}
                onChange={(event) => setCount(event.target.value)}
                helperText={t('linesBulk.create.countHelp', { max: LINE_BULK_CREATE_MAX })}
                slotProps={{
                  htmlInput: { min: 1, max: LINE_BULK_CREATE_MAX, 'data-testid': 'bulk-create-count' },
                }}
              />
              <TextField
                label={t('linesBulk.create.prefix')}
                value={prefix}
                onChange={(event) => setPrefix(event.target.value)}
                helperText={t('linesBulk.create.prefixHelp')}
                slotProps={{ htmlInput: { 'data-testid': 'bulk-create-prefix', autoComplete: 'off' } }}
              />
            </>
          )}
          {(action === 'renew' || action === 'create') && (
            <DurationPicker
              value={months}
              onChange={setMonths}
              free={admin}
              disabled={start.isPending}
              // New lines go on the default plan, at the viewer's own price for it (the preview
              // below sums each selected line's own plan).
              prices={plans.data?.find((plan) => plan.id === DEFAULT_LINE_PLAN_ID)?.prices}
            />
          )}
          {action === 'move' && (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('lines.give.help')}
              </Typography>
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
                    htmlInput: { min: 1, max: LINE_GIVE_MAX_CREDITS, 'data-testid': 'give-credits' },
                  }}
                />
              )}
            </>
          )}
          {action === 'change_plan' && (
            <TextField
              select
              label={t('linePlans.plan')}
              value={planId}
              onChange={(event) => setPlanId(event.target.value)}
              disabled={start.isPending}
              helperText={t('linesBulk.changePlan.help')}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'bulk-plan-select' } as object } }}
            >
              {(plans.data ?? []).map((plan) => (
                <MenuItem key={plan.id} value={String(plan.id)} data-testid={`bulk-plan-option-${plan.id}`}>
                  {plan.name}
                  {plan.packages.length > 0 && ` · ${plan.packages.join(', ')}`}
                </MenuItem>
              ))}
            </TextField>
          )}
          {action === 'change_plan' && (
            <div>
              <FormControlLabel
                label={t('lines.kept.keepOverrides')}
                control={
                  <Checkbox
                    checked={keepOverrides}
                    onChange={(event) => setKeepOverrides(event.target.checked)}
                    disabled={start.isPending}
                    slotProps={{ input: { 'data-testid': 'bulk-keep-overrides' } as object }}
                  />
                }
              />
              <FormHelperText sx={{ mt: 0 }}>{t('lines.kept.keepOverridesHelp')}</FormHelperText>
            </div>
          )}
          {data && (
            <Typography variant="subtitle1" data-testid="bulk-preview-count" data-count={data.count}>
              {t(action === 'create' ? 'linesBulk.preview.create' : 'linesBulk.preview.count', {
                count: data.count,
              })}
            </Typography>
          )}
          {data && data.refused > 0 && (
            <Alert severity="warning" data-testid="bulk-preview-refused">
              {t('linesBulk.preview.refused', { count: data.refused })}
            </Alert>
          )}
          {/* A plan change is priced line by line; the preview's total is what the run charges. */}
          {data && (action === 'renew' || action === 'create' || action === 'change_plan') && (
            <PriceSummary price={data.charge_total} balance={data.balance ?? 0} admin={admin} />
          )}
          {action === 'delete' && data && (
            <Alert severity="error">{t('lines.bulk.deleteConfirm', { count: data.count })}</Alert>
          )}
          {preview.isError && body && (
            <Alert severity="error" data-testid="bulk-preview-error">
              {errorMessage(preview.error)}
            </Alert>
          )}
          {start.isError && (
            <Alert severity="error" data-testid="bulk-start-error">
              {errorMessage(start.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={start.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={action === 'delete' ? 'error' : 'primary'}
          disabled={!ready}
          loading={start.isPending}
          onClick={() => body && start.mutate({ body, key }, { onSuccess: (job) => onStarted(job) })}
          data-testid="bulk-confirm"
        >
          {t(`linesBulk.confirm.${action}`, { count: data?.count ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
