import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { planProtocols, type LinePlan, type LineRestrictions } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useSaveLinePlan } from '../hooks/use-line-plans';
import { ALL_SERVERS, useServers } from '../../servers/hooks/use-servers';
import { namedGroups } from '../lib/named-groups';
import { caidsToText, textToCaids } from '../lib/caid-text';
import { uniqKeys } from '../lib/uniq-keys';
import { PlanLockSection } from './plan-lock-section';
import { rowsToSteps, SharingStepsEditor, stepRows } from './sharing-steps-editor';

type PriceRow = { months: string; credits: string };

const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

type LinePlanDialogProps = { plan: LinePlan | null; open: boolean; onClose: () => void };

/** Create (plan null) or edit a plan: its name, prices per duration and restrictions. */
export function LinePlanDialog({ plan, open, onClose }: LinePlanDialogProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveLinePlan();
  const r = plan?.restrictions;
  const [name, setName] = useState(plan?.name ?? '');
  const [prices, setPrices] = useState<PriceRow[]>(
    plan?.prices.map((p) => ({ months: String(p.months), credits: String(p.credits) })) ?? [
      { months: '1', credits: '' },
    ],
  );
  const [maxConnections, setMaxConnections] = useState(r?.max_connections?.toString() ?? '');
  const [uniq, setUniq] = useState(r?.uniq?.toString() ?? '');
  const [caids, setCaids] = useState(r ? caidsToText(r.caids) : '');
  const [hops, setHops] = useState(r?.cccam_hops?.toString() ?? '');
  const [reshare, setReshare] = useState(r?.cccam_reshare?.toString() ?? '');
  const [protocols, setProtocols] = useState<string[]>(r?.allowed_protocols ?? []);
  const [groups, setGroups] = useState<number[]>(r?.groups ?? []);
  const [services, setServices] = useState((r?.services ?? []).join(', '));
  const [timeframe, setTimeframe] = useState(r?.allowed_timeframe ?? '');
  const [au, setAu] = useState(r?.au ?? '');
  const [steps, setSteps] = useState(() => stepRows(plan?.sharing_steps ?? []));
  const servers = useServers(ALL_SERVERS);
  // Groups are picked by the names servers give them; a group of the plan no server names any more
  // still shows (by its number) so that saving does not drop it unseen.
  const packages = namedGroups(servers.data?.items ?? [], groups);
  const fixedPrices = plan?.is_default === true;

  const submit = () => {
    const restrictions: LineRestrictions = {
      max_connections: numberOrNull(maxConnections),
      uniq: numberOrNull(uniq),
      caids: textToCaids(caids),
      cccam_hops: numberOrNull(hops),
      cccam_reshare: numberOrNull(reshare),
      allowed_protocols: protocols as LineRestrictions['allowed_protocols'],
      // None ticked: the server's default group, as before plans had packages.
      groups: groups.length > 0 ? groups : null,
      services: services.split(/[\s,]+/).filter((name) => name !== ''),
      allowed_timeframe: timeframe.trim() === '' ? null : timeframe.trim(),
      au: au.trim() === '' ? null : au.trim(),
    };
    const priceList = prices.map((p) => ({ months: Number(p.months), credits: Number(p.credits) }));
    save.mutate(
      {
        id: plan?.id ?? null,
        body: fixedPrices
          ? { name, restrictions, sharing_steps: rowsToSteps(steps) }
          : { name, prices: priceList, restrictions, sharing_steps: rowsToSteps(steps) },
      },
      { onSuccess: onClose },
    );
  };

  const setPrice = (index: number, field: keyof PriceRow, value: string) =>
    setPrices((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="line-plan-dialog">
      <DialogTitle>{plan ? t('linePlans.editTitle') : t('linePlans.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          {save.isError && (
            <Alert severity="error" data-testid="line-plan-error">
              {errorMessage(save.error)}
            </Alert>
          )}
          <TextField
            label={t('linePlans.fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { 'data-testid': 'line-plan-name', maxLength: 100 } }}
          />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('linePlans.fields.prices')}
            </Typography>
            {fixedPrices && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {t('linePlans.defaultPricesFixed')}
              </Typography>
            )}
            <Stack sx={{ gap: 1.5 }}>
              {prices.map((row, index) => (
                <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <TextField
                    label={t('linePlans.fields.months')}
                    type="number"
                    value={row.months}
                    disabled={fixedPrices}
                    onChange={(e) => setPrice(index, 'months', e.target.value)}
                    slotProps={{
                      htmlInput: { min: 1, max: 120, 'data-testid': `line-plan-months-${index}` },
                    }}
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    label={t('linePlans.fields.credits')}
                    type="number"
                    value={row.credits}
                    disabled={fixedPrices}
                    onChange={(e) => setPrice(index, 'credits', e.target.value)}
                    slotProps={{ htmlInput: { min: 0, 'data-testid': `line-plan-credits-${index}` } }}
                    sx={{ flex: 1 }}
                  />
                  <IconButton
                    aria-label={t('linePlans.removePrice')}
                    disabled={fixedPrices || prices.length === 1}
                    onClick={() => setPrices((rows) => rows.filter((_, i) => i !== index))}
                  >
                    <DeleteOutlinedIcon />
                  </IconButton>
                </Box>
              ))}
              {!fixedPrices && (
                <Button
                  variant="outlined"
                  onClick={() => setPrices((rows) => [...rows, { months: '', credits: '' }])}
                  data-testid="line-plan-add-price"
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('linePlans.addPrice')}
                </Button>
              )}
            </Stack>
          </Box>
          <Typography variant="subtitle2">{t('linePlans.fields.restrictions')}</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('linePlans.fields.maxConnections')}
              type="number"
              value={maxConnections}
              onChange={(e) => setMaxConnections(e.target.value)}
              helperText={t('linePlans.fields.emptyMeansServer')}
              slotProps={{ htmlInput: { min: 1, max: 1000, 'data-testid': 'line-plan-max-connections' } }}
            />
            <TextField
              select
              label={t('linePlans.fields.uniq')}
              value={uniq}
              onChange={(e) => setUniq(e.target.value)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'line-plan-uniq' } as object } }}
            >
              <MenuItem value="">{t('linePlans.serverDefault')}</MenuItem>
              {uniqKeys.map((key, value) => (
                <MenuItem key={value} value={String(value)} data-testid={`line-plan-uniq-${value}`}>
                  {t(key)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('linePlans.fields.hops')}
              type="number"
              value={hops}
              onChange={(e) => setHops(e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: 9, 'data-testid': 'line-plan-hops' } }}
            />
            <TextField
              label={t('linePlans.fields.reshare')}
              type="number"
              value={reshare}
              onChange={(e) => setReshare(e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: 9, 'data-testid': 'line-plan-reshare' } }}
            />
          </Box>
          <TextField
            label={t('linePlans.fields.caids')}
            value={caids}
            onChange={(e) => setCaids(e.target.value)}
            helperText={t('linePlans.fields.caidsHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'line-plan-caids' } }}
          />
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('linePlans.fields.protocols')}
            </Typography>
            <FormGroup row>
              {planProtocols.map((protocol) => (
                <FormControlLabel
                  key={protocol}
                  label={protocol}
                  control={
                    <Checkbox
                      checked={protocols.includes(protocol)}
                      onChange={(e) =>
                        setProtocols((list) =>
                          e.target.checked ? [...list, protocol] : list.filter((p) => p !== protocol),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
          <Box data-testid="line-plan-packages">
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('linePlans.fields.packages')}
            </Typography>
            {packages.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('linePlans.fields.noPackages')}
              </Typography>
            ) : (
              <FormGroup row>
                {packages.map((pkg) => (
                  <FormControlLabel
                    key={pkg.group}
                    label={pkg.name}
                    control={
                      <Checkbox
                        checked={groups.includes(pkg.group)}
                        slotProps={{ input: { 'data-testid': `line-plan-group-${pkg.group}` } as object }}
                        onChange={(e) =>
                          setGroups((list) =>
                            e.target.checked ? [...list, pkg.group] : list.filter((g) => g !== pkg.group),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            )}
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('linePlans.fields.packagesHelp')}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('linePlans.fields.services')}
              value={services}
              onChange={(e) => setServices(e.target.value)}
              helperText={t('linePlans.fields.servicesHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'line-plan-services' } }}
            />
            <TextField
              label={t('linePlans.fields.au')}
              value={au}
              onChange={(e) => setAu(e.target.value)}
              helperText={t('linePlans.fields.auHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'line-plan-au' } }}
            />
          </Box>
          <TextField
            label={t('linePlans.fields.timeframe')}
            value={timeframe}
            onChange={(e) => setTimeframe(e.target.value)}
            helperText={t('linePlans.fields.timeframeHelp')}
            slotProps={{ htmlInput: { 'data-testid': 'line-plan-timeframe' } }}
          />
          {/* A new plan gets its lock once it exists: the lock is saved on its own. */}
          {plan && <PlanLockSection planId={plan.id} />}
          <SharingStepsEditor rows={steps} onChange={setSteps} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="line-plan-save">
          {t('common.saveChanges')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
