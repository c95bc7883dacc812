import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACTIVATION_CODES_MAX_BATCH,
  defaultPlanPrices,
  isAdminAccount,
  type ActivationCodesBody,
  type ActivationCodesGenerated,
} from '@linedesk/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDate } from '../../../lib/format-date';
import { useAccount } from '../../auth/hooks/account-context';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { DurationPicker } from '../../lines/components/duration-picker';
import { PriceSummary } from '../../lines/components/price-summary';
import { useActivationCodesPreview, useGenerateActivationCodes } from '../hooks/use-activation-codes';

type GenerateCodesDialogProps = {
  open: boolean;
  onClose: () => void;
  onGenerated: (generated: ActivationCodesGenerated) => void;
};

/**
 * Generating codes: the total and the balance it leaves come from the server's preview before
 * anything is charged. One Idempotency-Key per opening of the dialog, so a double click on Generate
 * buys the codes once.
 */
export function GenerateCodesDialog({ open, onClose, onGenerated }: GenerateCodesDialogProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const plans = useLinePlans();
  const [count, setCount] = useState('10');
  const [planId, setPlanId] = useState('');
  const [months, setMonths] = useState(1);
  const [trial, setTrial] = useState(false);
  const [validity, setValidity] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const generate = useGenerateActivationCodes();

  const plan = plans.data?.find((p) => (planId ? String(p.id) === planId : p.is_default));
  const prices = plan?.prices ?? defaultPlanPrices();
  // A plan without the chosen duration: its first one instead.
  useEffect(() => {
    if (plan && !plan.prices.some((p) => p.months === months)) setMonths(plan.prices[0]?.months ?? 1);
  }, [plan, months]);

  const body = useMemo<ActivationCodesBody | null>(() => {
    const n = Number(count);
    const days = validity.trim() === '' ? null : Number(validity);
    if (!Number.isInteger(n) || (days !== null && !Number.isInteger(days))) return null;
    return {
      count: n,
      plan_id: planId ? Number(planId) : null,
      ...(trial ? { is_trial: true } : { subscription_months: months }),
      validity_days: days,
    };
  }, [count, planId, months, trial, validity]);
  const preview = useActivationCodesPreview(open ? body : null);
  const data = body ? preview.data : undefined;
  const ready = Boolean(data) && !preview.isError && !preview.isFetching;

  const reset = () => {
    setCount('10');
    setPlanId('');
    setMonths(1);
    setTrial(false);
    setValidity('');
    setKey(crypto.randomUUID());
    generate.reset();
  };

  return (
    <Dialog
      open={open}
      onClose={generate.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="generate-codes-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="generate-codes-title">{t('activationCodes.generate.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2.5, pt: 1 }} data-testid="generate-codes-dialog">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('activationCodes.generate.count')}
              type="number"
              value={count}
              onChange={(event) => setCount(event.target.value)}
              helperText={t('activationCodes.generate.countHelp', { max: ACTIVATION_CODES_MAX_BATCH })}
              slotProps={{
                htmlInput: { min: 1, max: ACTIVATION_CODES_MAX_BATCH, 'data-testid': 'codes-count' },
              }}
            />
            <TextField
              label={t('activationCodes.generate.validity')}
              type="number"
              value={validity}
              onChange={(event) => setValidity(event.target.value)}
              helperText={t('activationCodes.generate.validityHelp')}
              slotProps={{ htmlInput: { min: 1, 'data-testid': 'codes-validity' } }}
            />
          </Box>
          {(plans.data?.length ?? 0) > 1 && (
            <TextField
              select
              label={t('linePlans.plan')}
              value={planId || String(plan?.id ?? '')}
              onChange={(event) => setPlanId(event.target.value)}
            >
              {(plans.data ?? []).map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControlLabel
            label={t('activationCodes.generate.trial')}
            control={
              <Switch
                checked={trial}
                onChange={(event) => setTrial(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'codes-trial' } as object }}
              />
            }
          />
          <DurationPicker value={months} onChange={setMonths} disabled={trial} free={admin} prices={prices} />
          {data && (
            <Stack sx={{ gap: 1 }}>
              <Typography variant="subtitle1" data-testid="codes-preview" data-total={data.charge_total}>
                {t('activationCodes.generate.preview', { count: data.count, total: data.charge_total })}
              </Typography>
              {data.valid_until && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('activationCodes.generate.validUntil', {
                    date: formatDate(data.valid_until, i18n.resolvedLanguage),
                  })}
                </Typography>
              )}
              <PriceSummary price={data.charge_total} balance={data.balance ?? 0} admin={admin} />
            </Stack>
          )}
          {preview.isError && body && (
            <Alert severity="error" data-testid="codes-preview-error">
              {errorMessage(preview.error)}
            </Alert>
          )}
          {generate.isError && (
            <Alert severity="error" data-testid="codes-generate-error">
              {errorMessage(generate.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={generate.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!ready}
          loading={generate.isPending}
          onClick={() => body && generate.mutate({ body, key }, { onSuccess: onGenerated })}
          data-testid="codes-generate"
        >
          {t('activationCodes.generate.submit', { count: data?.count ?? 0 })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
