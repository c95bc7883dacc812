import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type {
  Account,
  AdoptionBody,
  AdoptionPreview,
  AdoptionReport,
  UnmanagedAccount,
} from '@linedesk/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { useOwnerOptions } from '../../lines/hooks/use-lines';
import { useAdoptAccounts, useAdoptionPreview } from '../hooks/use-line-adoption';
import { AdoptionResultList } from './adoption-result-list';
import { DateField } from '../../../components/form/date-field';

type AdoptAccountsDialogProps = {
  open: boolean;
  serverId: number;
  accounts: readonly UnmanagedAccount[];
  onClose: () => void;
};

/**
 * Choosing accounts, their owner and plan, whether the owner pays, and a date for entries without
 * one; then the server's preview (per account what would happen, and the cost); then the adoption
 * and its report. Every decision is the server's: this only shows it.
 */
export function AdoptAccountsDialog({ open, serverId, accounts, onClose }: AdoptAccountsDialogProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const plans = useLinePlans();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [owner, setOwner] = useState<Account | null>(null);
  const [ownerInput, setOwnerInput] = useState('');
  const [ownerSearch, setOwnerSearch] = useState('');
  const [planId, setPlanId] = useState('');
  const [charge, setCharge] = useState(false);
  const [months, setMonths] = useState(1);
  const [expiry, setExpiry] = useState('');
  const [preview, setPreview] = useState<AdoptionPreview | null>(null);
  const [report, setReport] = useState<AdoptionReport | null>(null);
  const previewing = useAdoptionPreview(serverId);
  const adopting = useAdoptAccounts(serverId);
  useEffect(() => {
    const timer = setTimeout(() => setOwnerSearch(ownerInput), 300);
    return () => clearTimeout(timer);
  }, [ownerInput]);
  const owners = useOwnerOptions(ownerSearch, open);

  const plan = plans.data?.find((p) => (planId ? String(p.id) === planId : p.is_default));
  const durations = plan?.prices ?? [];
  const chosen = useMemo(
    () => accounts.filter((account) => selected.has(account.username)),
    [accounts, selected],
  );
  const needsDate = chosen.some((account) => account.expiry_date === null);
  // Shown from the start when any listed entry has no expiry (every CCcam F-line), not only once
  // such an entry is ticked, so the date is there before the preview asks for it.
  const offersDate = accounts.some((account) => account.expiry_date === null);
  const body = useMemo<AdoptionBody | null>(() => {
    if (!owner || !plan || chosen.length === 0) return null;
    return {
      accounts: chosen.map(({ username, fingerprint }) => ({ username, fingerprint })),
      owner_id: owner.id,
      plan_id: plan.id,
      charge_months: charge ? months : null,
      expiry_date: needsDate && expiry ? expiry : null,
    };
  }, [owner, plan, chosen, charge, months, needsDate, expiry]);

  // Any change of the choice makes the preview stale.
  useEffect(() => setPreview(null), [body]);

  const reset = () => {
    setSelected(new Set());
    setOwner(null);
    setOwnerInput('');
    setPlanId('');
    setCharge(false);
    setMonths(1);
    setExpiry('');
    setPreview(null);
    setReport(null);
    previewing.reset();
    adopting.reset();
  };
  const toggle = (username: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(username)) next.delete(username);
      else next.add(username);
      return next;
    });
  const allSelected = accounts.length > 0 && selected.size === accounts.length;
  const busy = previewing.isPending || adopting.isPending;

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="md"
      aria-labelledby="adopt-accounts-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="adopt-accounts-title">{t('lineAdoption.dialog.title')}</DialogTitle>
      <DialogContent>
        {report ? (
          <Stack sx={{ gap: 2, pt: 1 }} data-testid="adoption-report">
            <Alert severity={report.refused > 0 ? 'warning' : 'success'}>
              {t('lineAdoption.report.summary', {
                adopted: report.adopted,
                pending: report.pending,
                refused: report.refused,
                charged: report.charged,
              })}
            </Alert>
            <AdoptionResultList items={report.items} />
          </Stack>
        ) : (
          <Stack sx={{ gap: 2.5, pt: 1 }} data-testid="adopt-accounts-dialog">
            <Box
              sx={{ maxHeight: 280, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <FormControlLabel
                sx={{ px: 1.5, py: 0.5, display: 'flex', borderBottom: 1, borderColor: 'divider', m: 0 }}
                label={t('lineAdoption.dialog.selectAll', { count: accounts.length })}
                control={
                  <Checkbox
                    checked={allSelected}
                    indeterminate={selected.size > 0 && !allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(accounts.map((a) => a.username)))
                    }
                    slotProps={{ input: { 'data-testid': 'adopt-select-all' } as object }}
                  />
                }
              />
              {accounts.map((account) => (
                <FormControlLabel
                  key={account.username}
                  sx={{ px: 1.5, py: 0.25, display: 'flex', m: 0, alignItems: 'flex-start' }}
                  control={
                    <Checkbox
                      checked={selected.has(account.username)}
                      onChange={() => toggle(account.username)}
                      slotProps={{ input: { 'data-testid': `adopt-account-${account.username}` } as object }}
                    />
                  }
                  label={
                    <Box sx={{ py: 1, minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
                        {account.username}
                      </Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
                        {account.expiry_date
                          ? t('lineAdoption.dialog.expires', {
                              date: formatDate(account.expiry_date, i18n.resolvedLanguage),
                            })
                          : t('lineAdoption.dialog.noExpiry')}
                        {!account.enabled && ` · ${t('lineAdoption.dialog.disabled')}`}
                      </Typography>
                      {account.problems.map((problem) => (
                        <Typography
                          key={problem}
                          variant="caption"
                          sx={{ color: 'text.secondary', display: 'block', fontStyle: 'italic' }}
                        >
                          {problem}
                        </Typography>
                      ))}
                    </Box>
                  }
                />
              ))}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Autocomplete
                options={owners.data ?? []}
                value={owner}
                loading={owners.isFetching}
                getOptionLabel={(option) => option.email}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                filterOptions={(options) => options}
                onChange={(_event, value) => setOwner(value)}
                onInputChange={(_event, text, reason) => {
                  if (reason === 'input' || reason === 'clear') setOwnerInput(text);
                }}
                noOptionsText={t('lineAdoption.dialog.noOwners')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('lineAdoption.dialog.owner')}
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'adopt-owner' },
                    }}
                  />
                )}
              />
              <TextField
                select
                label={t('linePlans.plan')}
                value={planId || String(plan?.id ?? '')}
                onChange={(event) => setPlanId(event.target.value)}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'adopt-plan' } as object } }}
              >
                {(plans.data ?? []).map((option) => (
                  <MenuItem key={option.id} value={String(option.id)}>
                    {option.name}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormControlLabel
                label={t('lineAdoption.dialog.charge')}
                control={
                  <Switch
                    checked={charge}
                    onChange={(event) => setCharge(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'adopt-charge' } as object }}
                  />
                }
              />
              {charge && (
                <TextField
                  select
                  label={t('lineAdoption.dialog.chargeFor')}
                  value={String(months)}
                  onChange={(event) => setMonths(Number(event.target.value))}
                >
                  {durations.map((price) => (
                    <MenuItem key={price.months} value={String(price.months)}>
                      {t('lineAdoption.dialog.duration', { count: price.months, credits: price.credits })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </Box>
            {offersDate && (
              <DateField
                label={t('lineAdoption.dialog.expiryDate')}
                helperText={t('lineAdoption.dialog.expiryDateHelp')}
                value={expiry}
                onChange={setExpiry}
                testId="adopt-expiry"
              />
            )}
            {preview && (
              <Stack sx={{ gap: 1 }} data-testid="adoption-preview">
                <Typography variant="subtitle1">
                  {t('lineAdoption.preview.summary', {
                    adoptable: preview.adoptable,
                    refused: preview.refused,
                  })}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('lineAdoption.preview.cost', {
                    total: preview.total_credits,
                    balance: preview.owner_balance,
                  })}
                </Typography>
                <AdoptionResultList items={preview.items} />
              </Stack>
            )}
            {previewing.isError && <Alert severity="error">{errorMessage(previewing.error)}</Alert>}
            {adopting.isError && (
              <Alert severity="error" data-testid="adoption-error">
                {errorMessage(adopting.error)}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {report ? (
          <>
            {report.adopted + report.pending > 0 && (
              <Button
                variant="outlined"
                component={RouterLink}
                to={`${paths.linesAll}?server_id=${serverId}`}
                data-testid="adoption-show-lines"
              >
                {t('lineAdoption.report.showLines')}
              </Button>
            )}
            <Button variant="contained" onClick={onClose} data-testid="adoption-done">
              {t('lineAdoption.report.done')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="outlined"
              disabled={!body}
              loading={previewing.isPending}
              onClick={() => body && previewing.mutate(body, { onSuccess: setPreview })}
              data-testid="adoption-preview-button"
            >
              {t('lineAdoption.dialog.preview')}
            </Button>
            <Button
              variant="contained"
              disabled={!body || !preview || preview.adoptable === 0}
              loading={adopting.isPending}
              onClick={() => body && adopting.mutate(body, { onSuccess: setReport })}
              data-testid="adoption-submit"
            >
              {t('lineAdoption.dialog.adopt', { count: preview?.adoptable ?? 0 })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
