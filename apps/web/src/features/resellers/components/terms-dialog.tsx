import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  adminOnlyLimitKeys,
  isAdminAccount,
  type LinePlan,
  type ManagedAccount,
  type ResellerLimits,
  type ResellerPrice,
  type ResellerTerms,
} from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useAccount } from '../../auth/hooks/account-context';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { useActiveServers } from '../../lines/hooks/use-lines';
import { useResellerTerms, useSaveResellerTerms } from '../hooks/use-reseller-terms';
import { PriceListForm } from './price-list-form';

type Props = { account: ManagedAccount | null; onClose: () => void };

/**
 * An account's prices and limits (admins: any account; resellers: their own sub-accounts). The
 * server holds every rule (a sub-account's price never below the reseller's own cost, the limits only
 * an admin sets); this only lays them out and shows its refusals.
 */
export function TermsDialog({ account, onClose }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const terms = useResellerTerms(account?.id ?? null);
  const plans = useLinePlans();
  return (
    <Dialog
      open={account !== null}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="terms-dialog-title"
    >
      <DialogTitle id="terms-dialog-title">
        {t('resellerTerms.title', { email: account?.email ?? '' })}
      </DialogTitle>
      <DialogContent data-testid="terms-dialog">
        {account && terms.data && plans.data && (
          <TermsForms key={account.id} accountId={account.id} terms={terms.data} plans={plans.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose}>
          {t('resellerTerms.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function TermsForms({
  accountId,
  terms,
  plans,
}: {
  accountId: string;
  terms: ResellerTerms;
  plans: LinePlan[];
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const me = useAccount();
  const admin = isAdminAccount(me);
  const save = useSaveResellerTerms(accountId);
  const [limits, setLimits] = useState<Record<keyof ResellerLimits, string>>(() => ({
    max_lines: terms.limits.max_lines?.toString() ?? '',
    allowed_plan_ids: '',
    allowed_server_ids: '',
    trials_per_day: terms.limits.trials_per_day?.toString() ?? '',
    trial_min_balance: String(terms.limits.trial_min_balance),
    sub_reseller_depth: terms.limits.sub_reseller_depth?.toString() ?? '',
    sub_reseller_price: String(terms.limits.sub_reseller_price),
    credit_limit: String(terms.limits.credit_limit),
  }));
  const [allowedPlans, setAllowedPlans] = useState<number[] | null>(terms.limits.allowed_plan_ids);
  const [allowedServers, setAllowedServers] = useState<number[] | null>(terms.limits.allowed_server_ids);
  const servers = useActiveServers();
  // An allowed server that is no longer active keeps its id, so saving never drops it unseen.
  const serverIds = [
    ...new Set([...(servers.data ?? []).map((server) => server.id), ...(allowedServers ?? [])]),
  ];
  const serverName = (id: number) =>
    servers.data?.find((server) => server.id === id)?.server_name ?? `#${id}`;
  const floorOf = (planId: number, months: number) =>
    terms.floor.find((f) => f.plan_id === planId && f.months === months)?.credits;

  const savePrices = (prices: ResellerPrice[]) => {
    save.prices.mutate(prices, {
      onSuccess: () => snackbar(t('resellerTerms.pricesSaved')),
      onError: (error) => snackbar(errorMessage(error), 'error'),
    });
  };

  const orNull = (value: string) => (value.trim() === '' ? null : Number(value));
  const saveLimits = () => {
    save.limits.mutate(
      {
        max_lines: orNull(limits.max_lines),
        allowed_plan_ids: allowedPlans,
        allowed_server_ids: allowedServers,
        trials_per_day: orNull(limits.trials_per_day),
        trial_min_balance: Number(limits.trial_min_balance || 0),
        sub_reseller_depth: orNull(limits.sub_reseller_depth),
        sub_reseller_price: Number(limits.sub_reseller_price || 0),
        credit_limit: Number(limits.credit_limit || 0),
      },
      {
        onSuccess: () => snackbar(t('resellerTerms.limitsSaved')),
        onError: (error) => snackbar(errorMessage(error), 'error'),
      },
    );
  };

  const numberField = (key: keyof ResellerLimits, label: string, helper?: string) => {
    const locked = !admin && (adminOnlyLimitKeys as readonly string[]).includes(key);
    return (
      <TextField
        key={key}
        label={label}
        type="number"
        size="small"
        value={limits[key]}
        disabled={locked}
        helperText={locked ? t('resellerTerms.adminOnly') : helper}
        onChange={(e) => setLimits((current) => ({ ...current, [key]: e.target.value }))}
        slotProps={{ htmlInput: { min: 0, 'data-testid': `terms-limit-${key}` } }}
      />
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <Box component="section" aria-labelledby="terms-prices-title">
        <Typography id="terms-prices-title" variant="h6">
          {t('resellerTerms.pricesTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('resellerTerms.pricesHint')}
        </Typography>
        <PriceListForm
          plans={plans}
          initial={terms.prices}
          floorOf={floorOf}
          saving={save.prices.isPending}
          onSave={savePrices}
          testIdPrefix="terms"
        />
      </Box>

      <Box component="section" aria-labelledby="terms-limits-title">
        <Typography id="terms-limits-title" variant="h6">
          {t('resellerTerms.limitsTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('resellerTerms.limitsHint')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {numberField(
            'max_lines',
            t('resellerTerms.maxLines'),
            t('resellerTerms.linesNow', { count: terms.lines }),
          )}
          <Autocomplete
            multiple
            size="small"
            options={plans.map((plan) => plan.id)}
            getOptionLabel={(id) => plans.find((plan) => plan.id === id)?.name ?? String(id)}
            value={allowedPlans ?? []}
            onChange={(_e, value) => setAllowedPlans(value.length === 0 ? null : value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('resellerTerms.allowedPlans')}
                placeholder={allowedPlans ? undefined : t('resellerTerms.everything')}
              />
            )}
          />
          <Autocomplete
            multiple
            size="small"
            options={serverIds}
            getOptionLabel={serverName}
            value={allowedServers ?? []}
            onChange={(_e, value) => setAllowedServers(value.length === 0 ? null : value)}
            data-testid="terms-allowed-servers"
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('resellerTerms.allowedServers')}
                placeholder={allowedServers ? undefined : t('resellerTerms.everything')}
                helperText={t('resellerTerms.allowedServersHint')}
              />
            )}
          />
          {numberField(
            'trials_per_day',
            t('resellerTerms.trialsPerDay'),
            t('resellerTerms.trialsPerDayHint'),
          )}
          {numberField('trial_min_balance', t('resellerTerms.trialMinBalance'))}
          {numberField(
            'sub_reseller_depth',
            t('resellerTerms.subResellerDepth'),
            t('resellerTerms.subResellerDepthHint'),
          )}
          {numberField('sub_reseller_price', t('resellerTerms.subResellerPrice'))}
          {numberField('credit_limit', t('resellerTerms.creditLimit'))}
        </Box>
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          onClick={saveLimits}
          loading={save.limits.isPending}
          data-testid="terms-save-limits"
        >
          {t('resellerTerms.saveLimits')}
        </Button>
      </Box>
    </Box>
  );
}
