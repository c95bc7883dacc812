import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  defaultPlanPrices,
  isAdminAccount,
  newLineExpiry,
  planLinePrice,
  toDisplayDate,
  type LineWriteResult,
} from '@linedesk/shared';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { PageHeading } from '../../../components/page-heading';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { linePath, paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { LinePasswordField } from '../components/line-password-field';
import { ConnectionLineDialog } from '../components/connection-line-dialog';
import { DurationPicker } from '../components/duration-picker';
import { PriceSummary } from '../components/price-summary';
import { PlanSelectField } from '../components/plan-select-field';
import { ServerSelectField } from '../components/server-select-field';
import { LineCustomerFields } from '../components/line-customer-fields';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { useActiveServers, useCreateLine, useLineSettings } from '../hooks/use-lines';
import {
  addLineDefaults,
  addLineFormSchemaFor,
  toCreateBody,
  type AddLineFormValues,
} from '../lib/line-form';
import { durationLabel } from '../lib/duration-label';
import { randomPassword } from '../lib/random-password';
import { errorKey } from '../lib/error-key';
import { ActivateCodeCard } from '../../activation-codes/components/activate-code-card';
import { useBusinessDay } from '../hooks/use-business-day';

function freshDefaults(serverId: string): AddLineFormValues {
  return { ...addLineDefaults(), password: randomPassword(), server_id: serverId };
}

export function AddLinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const servers = useActiveServers();
  const settings = useLineSettings();
  const create = useCreateLine();
  // A create whose answer was lost made this line already: the refusal names it, so offer to open it.
  const yours = lineOfYours(create.error);
  const [created, setCreated] = useState<{ open: boolean; result: LineWriteResult | null }>({
    open: false,
    result: null,
  });
  // A prepaid activation code instead of the form: the code's line, already paid for.
  const [withCode, setWithCode] = useState(false);
  // The durations the picked plan offers; the resolver reads them when it runs, so it always checks
  // against the plan shown.
  const durations = useRef<readonly number[]>(defaultPlanPrices().map((p) => p.months));
  const { control, handleSubmit, setValue, getValues, reset, setError, setFocus } =
    useForm<AddLineFormValues>({
      resolver: (values, context, options) =>
        zodResolver(addLineFormSchemaFor(durations.current))(values, context, options),
      defaultValues: freshDefaults(''),
    });
  const [isTrial, months, planId] = useWatch({
    control,
    name: ['is_trial', 'subscription_months', 'plan_id'],
  });
  const plans = useLinePlans();
  const plan = plans.data?.find((p) => (planId ? String(p.id) === planId : p.is_default));
  const prices = plan?.prices ?? defaultPlanPrices();
  useEffect(() => {
    durations.current = prices.map((p) => p.months);
  }, [prices]);
  // The same rule as the server's charge; a duration the plan lacks costs nothing here (and is refused).
  const price = planLinePrice(prices, months, { isAdmin: admin, isTrial }) ?? 0;

  // A plan without the chosen duration: its first one instead.
  useEffect(() => {
    if (plan && !plan.prices.some((p) => p.months === getValues('subscription_months'))) {
      setValue('subscription_months', plan.prices[0]?.months ?? 1);
    }
  }, [plan, getValues, setValue]);
  const newestServerId = servers.data?.[0] ? String(servers.data[0].id) : '';

  // Preselect the newest active server once the list arrives, unless the user already picked one.
  useEffect(() => {
    if (newestServerId && !getValues('server_id')) setValue('server_id', newestServerId);
  }, [newestServerId, getValues, setValue]);

  const onSubmit = handleSubmit((values) =>
    create.mutate(toCreateBody(values), {
      onSuccess: (result) => setCreated({ open: true, result }),
      onError: (error) => {
        // A taken name is the one refusal that belongs to a single field.
        if (isApiError(error) && error.code === 'LINE_USERNAME_TAKEN') {
          setError('username', { message: 'LINE_USERNAME_TAKEN' });
          setFocus('username');
        }
      },
    }),
  );

  const trialDays = settings.data?.trial_days;
  // null: not limited (admins).
  const trialsLeft = settings.data?.trial_lines_left_today;
  const noServers = servers.isSuccess && servers.data.length === 0;
  // The server's rule on its UTC day; a trial's length is unknown until the settings arrive.
  const { today } = useBusinessDay();
  const expiry = isTrial
    ? trialDays === undefined
      ? null
      : newLineExpiry(today, { trialDays })
    : newLineExpiry(today, { months });

  return (
    <>
      <PageHeading
        title={t('lines.add.title')}
        description={t('lines.add.subtitle')}
        action={
          withCode ? undefined : (
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => setWithCode(true)}
              data-testid="use-activation-code"
            >
              {t('activationCodes.activate.open')}
            </Button>
          )
        }
      />
      {withCode && (
        <Box sx={{ mb: 3 }}>
          <ActivateCodeCard
            onActivated={(result) => setCreated({ open: true, result })}
            onCancel={() => setWithCode(false)}
          />
        </Box>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        data-testid="line-form"
        sx={{
          display: 'grid',
          gap: 3,
          // On a phone the summary with "Create line" follows the required fields, before the
          // optional customer details; on a desktop it sits beside both.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gridTemplateAreas: {
            xs: '"account" "summary" "customer"',
            md: '"account summary" "customer summary"',
          },
          gridTemplateRows: { md: 'auto 1fr' },
          alignItems: 'start',
        }}
      >
        <Card sx={{ gridArea: 'account' }}>
          <CardHeader title={t('lines.add.accountTitle')} subheader={t('lines.add.accountSubtitle')} />
          <CardContent>
            <Stack sx={{ gap: 3 }}>
              {create.isError &&
                !(isApiError(create.error) && create.error.code === 'LINE_USERNAME_TAKEN') && (
                  <Alert
                    severity="error"
                    data-testid="line-form-error"
                    action={
                      yours === null ? undefined : (
                        <Button
                          color="inherit"
                          size="small"
                          component={RouterLink}
                          to={linePath(yours)}
                          data-testid="line-open-yours"
                        >
                          {t('lines.add.openYours')}
                        </Button>
                      )
                    }
                  >
                    {errorMessage(create.error)}
                  </Alert>
                )}
              {noServers && (
                <Alert severity="warning" data-testid="line-no-servers">
                  {t(errorKey('LINE_NO_ACTIVE_SERVERS'))}
                </Alert>
              )}
              <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <FormTextField
                  control={control}
                  name="username"
                  label={t('lines.fields.username')}
                  required
                  autoFocus
                  autoComplete="off"
                />
                <LinePasswordField control={control} setValue={setValue} required />
                <ServerSelectField control={control} servers={servers.data ?? []} />
                {(plans.data?.length ?? 0) > 1 && (
                  <PlanSelectField control={control} plans={plans.data ?? []} />
                )}
                <Controller
                  control={control}
                  name="is_trial"
                  render={({ field }) => (
                    <Box>
                      <FormControlLabel
                        label={t('lines.fields.trial')}
                        control={
                          <Switch
                            checked={field.value}
                            onChange={(event) => field.onChange(event.target.checked)}
                            slotProps={{ input: { 'data-testid': 'field-is_trial' } as object }}
                          />
                        }
                      />
                      <FormHelperText sx={{ mt: 0, ml: 6.5 }} data-testid="trial-length">
                        {trialDays === undefined
                          ? t('lines.fields.trialHelpUnknown')
                          : t('lines.fields.trialHelp', { count: trialDays })}
                      </FormHelperText>
                      {field.value && trialsLeft !== null && trialsLeft !== undefined && (
                        <FormHelperText
                          sx={{ mt: 0, ml: 6.5 }}
                          error={trialsLeft === 0}
                          data-testid="trial-left"
                        >
                          {t('lines.fields.trialLeft', {
                            left: trialsLeft,
                            limit: settings.data?.trial_lines_per_day,
                          })}
                        </FormHelperText>
                      )}
                    </Box>
                  )}
                />
              </Box>
              <Box>
                <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
                  {t('lines.fields.duration')}
                </Typography>
                <Controller
                  control={control}
                  name="subscription_months"
                  render={({ field }) => (
                    <DurationPicker
                      value={field.value}
                      onChange={field.onChange}
                      disabled={isTrial}
                      free={admin}
                      prices={prices}
                    />
                  )}
                />
              </Box>
            </Stack>
          </CardContent>
        </Card>
        <Card sx={{ gridArea: 'customer' }}>
          <CardHeader title={t('lines.add.customerTitle')} subheader={t('lines.add.customerSubtitle')} />
          <CardContent>
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <LineCustomerFields control={control} />
            </Box>
          </CardContent>
        </Card>
        <Card sx={{ gridArea: 'summary', position: { md: 'sticky' }, top: { md: 96 } }}>
          <CardHeader title={t('lines.add.summaryTitle')} />
          <CardContent>
            <Stack sx={{ gap: 2.5 }}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="summary-duration">
                {isTrial
                  ? trialDays === undefined
                    ? t('lines.fields.trial')
                    : t('lines.add.summaryTrial', { count: trialDays })
                  : t('lines.add.summaryMonths', {
                      duration: durationLabel(t, months) ?? t('linePlans.months', { count: months }),
                    })}
              </Typography>
              {expiry && (
                <Typography variant="subtitle2" data-testid="summary-expiry" data-expiry={expiry}>
                  {t('lines.add.expiresOn', { date: toDisplayDate(expiry) })}
                </Typography>
              )}
              <PriceSummary price={price} balance={account.credits} admin={admin} trial={isTrial} />
              <Button
                type="submit"
                variant="contained"
                size="large"
                loading={create.isPending}
                disabled={noServers}
                data-testid="line-form-submit"
              >
                {t('lines.add.submit')}
              </Button>
              <Button variant="outlined" color="inherit" component={RouterLink} to={paths.linesAll}>
                {t('common.cancel')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Box>

      <ConnectionLineDialog
        open={created.open}
        result={created.result}
        onAddAnother={() => {
          setCreated((state) => ({ ...state, open: false }));
          create.reset();
          reset(freshDefaults(newestServerId));
        }}
        onDone={() => void navigate(paths.linesAll)}
      />
    </>
  );
}

/** The line a LINE_USERNAME_YOURS refusal names (the caller's own), else null. */
function lineOfYours(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'LINE_USERNAME_YOURS') return null;
  const params = (error.details as { params?: { line_id?: unknown } } | undefined)?.params;
  return typeof params?.line_id === 'number' ? params.line_id : null;
}
