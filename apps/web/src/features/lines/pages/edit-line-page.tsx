import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAdminAccount, toDisplayDate, type Line } from '@linedesk/shared';
import { memo, Suspense, useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { SaveChangesButton } from '../../../components/form/save-changes-button';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { useLinePlans } from '../../line-plans/hooks/use-line-plans';
import { DeleteLineDialog } from '../components/delete-line-dialog';
import { ExpiryDateField } from '../components/expiry-date-field';
import { HostPortField } from '../components/host-port-field';
import { LineCustomerFields } from '../components/line-customer-fields';
import { LineConnectionsCard } from '../components/line-connections-card';
import { LineKeptSettingsCard } from '../components/line-kept-settings-card';
import { LineSharingCard } from '../components/line-sharing-card';
import { LineLockCard } from '../components/line-lock-card';
import { LineFreezeRequestCard } from '../components/line-freeze-request-card';
import { LineHistory } from '../components/line-history';
import { LinePasswordField } from '../components/line-password-field';
import { LineSummaryCard } from '../components/line-summary-card';
import { LineSyncChip } from '../components/line-sync-chip';
import { RenewLineDialog } from '../components/renew-line-dialog';
import { useLineActions } from '../hooks/use-line-actions';
import { useLine, useRenewLine, useRetryLineSync, useUpdateLine } from '../hooks/use-lines';
import { useSyncText } from '../hooks/use-sync-text';
import { editLineDefaults, editLineFormSchema, toPatchBody, type EditLineFormValues } from '../lib/line-form';
import { durationLabel } from '../lib/duration-label';
import { errorKey } from '../lib/error-key';
import { lazyPage } from '../../../lib/lazy-page';

// The charts library comes only with the card that draws it.
const LineEcmCard = lazyPage(() => import('../../ecm-stats/components/line-ecm-card'), 'LineEcmCard');

function NotFoundState() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ py: { xs: 8, md: 12 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}
      data-testid="line-not-found"
    >
      <title>{`${t(errorKey('LINE_NOT_FOUND'))} | Linedesk`}</title>
      <SearchOffIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h5" component="h1">
        {t(errorKey('LINE_NOT_FOUND'))}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', maxWidth: 420 }}>
        {t('lines.edit.notFoundText')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.linesAll} sx={{ mt: 2 }}>
        {t('lines.edit.backToList')}
      </Button>
    </Box>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, minHeight: 28 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Box
        sx={{ typography: 'subtitle2', textAlign: 'right', minWidth: 0, wordBreak: 'break-word' }}
        data-testid={testId}
      >
        {children}
      </Box>
    </Box>
  );
}

/**
 * What the page shows below its heading and summary: the form, the line's connections and history,
 * its facts and its sync. Rendered one pass after them (`LineEditor`).
 */
function LineDetails({ line, onDelete }: { line: Line; onDelete: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const update = useUpdateLine();
  const { reportSync } = useLineActions();
  const plans = useLinePlans(admin);
  const plan = plans.data?.find((item) => item.id === line.plan_id);
  const planName = plan?.name;
  const { control, handleSubmit, setValue, formState } = useForm<EditLineFormValues>({
    resolver: zodResolver(editLineFormSchema),
    // Live updates of the line refresh the form, keeping whatever the user is in the middle of editing.
    values: editLineDefaults(line),
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((values) => {
    const body = toPatchBody(values, line, admin);
    if (Object.keys(body).length === 0) return;
    update.mutate(
      { id: line.id, body },
      { onSuccess: (result) => reportSync(result, t('lines.edit.saved')) },
    );
  });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
        alignItems: 'start',
      }}
    >
      <Stack sx={{ gap: 3, minWidth: 0 }}>
        {/* First: a customer's ask waits for the owner, a scheduled freeze changes the line soon. */}
        <LineFreezeRequestCard line={line} />
        <Card>
          <CardHeader title={t('lines.edit.formTitle')} />
          <CardContent>
            <Box component="form" noValidate onSubmit={onSubmit} data-testid="line-edit-form">
              {update.isError && (
                <Alert severity="error" sx={{ mb: 3 }} data-testid="line-edit-error">
                  {errorMessage(update.error)}
                </Alert>
              )}
              <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField
                  label={t('lines.fields.username')}
                  value={line.username}
                  disabled
                  helperText={t('lines.edit.usernameFixed')}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <LinePasswordField control={control} setValue={setValue} />
                {admin ? (
                  <ExpiryDateField control={control} />
                ) : (
                  <TextField
                    label={t('lines.fields.expiry')}
                    value={toDisplayDate(line.expiry_date)}
                    disabled
                    helperText={t('lines.fields.expiryResellerHelp')}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { 'data-testid': 'field-expiry_date' },
                    }}
                  />
                )}
                <LineCustomerFields control={control}>
                  <HostPortField control={control} />
                </LineCustomerFields>
              </Box>
              <SaveChangesButton
                pending={update.isPending}
                dirty={formState.isDirty}
                testId="line-edit-submit"
              />
            </Box>
          </CardContent>
        </Card>
        <LineKeptSettingsCard line={line} plan={plan} admin={admin} />
        <LineConnectionsCard lineId={line.id} />
        <LineSharingCard lineId={line.id} />
        <LineLockCard lineId={line.id} />
        <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
          <LineEcmCard lineId={line.id} />
        </Suspense>
        <LineHistory lineId={line.id} />
      </Stack>

      <Stack sx={{ gap: 3, minWidth: 0 }}>
        <LineOverviewCard line={line} admin={admin} planName={planName} onDelete={onDelete} />
        <LineSyncCard line={line} />
      </Stack>
    </Box>
  );
}

type OverviewProps = { line: Line; admin: boolean; planName: string | undefined; onDelete: () => void };

/**
 * The line's facts, with enable/disable and delete. Memoised, as the sync card: the form beside them
 * renders again as it settles after mounting (react-hook-form) and with every key typed.
 */
const LineOverviewCard = memo(function LineOverviewCard({ line, admin, planName, onDelete }: OverviewProps) {
  const { t, i18n } = useTranslation();
  const { toggleEnabled, toggling } = useLineActions();
  return (
    <Card>
      <CardHeader title={t('lines.edit.overviewTitle')} />
      <CardContent>
        <Stack sx={{ gap: 1.25 }}>
          <Fact label={t('lines.fields.expiry')} testId="line-expiry">
            {toDisplayDate(line.expiry_date)}
          </Fact>
          <Fact label={t('lines.fields.added')}>{toDisplayDate(line.added_date)}</Fact>
          <Fact label={t('lines.fields.server')} testId="line-server">
            {line.server_name ?? '—'}
          </Fact>
          <Fact label={t('lines.fields.type')}>
            {line.is_trial ? t('lines.fields.trial') : (durationLabel(t, line.subscription_months) ?? '—')}
          </Fact>
          <Fact label={t('linePlans.plan')} testId="line-plan">
            {planName ?? '—'}
          </Fact>
          {(line.packages ?? []).length > 0 && (
            <Fact label={t('lines.kept.packages')} testId="line-packages">
              {line.packages!.join(', ')}
            </Fact>
          )}
          {admin && <Fact label={t('lines.fields.owner')}>{line.owner_email ?? '—'}</Fact>}
          <Fact label={t('lines.fields.created')} testId="line-created">
            {formatDate(line.created_at, i18n.resolvedLanguage)}
          </Fact>
        </Stack>
        <Divider sx={{ my: 2.5, borderStyle: 'dashed' }} />
        <Stack sx={{ gap: 1.25 }}>
          <Button
            variant="outlined"
            color={line.enabled ? 'warning' : 'success'}
            startIcon={line.enabled ? <BlockIcon /> : <CheckCircleOutlineIcon />}
            loading={toggling.has(line.id)}
            onClick={() => toggleEnabled(line)}
            data-testid="line-toggle-button"
          >
            {line.enabled ? t('lines.actions.disable') : t('lines.actions.enable')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={onDelete}
            data-testid="line-delete-button"
          >
            {t('common.delete')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
});

/** The line's sync state, its last message and a retry. */
const LineSyncCard = memo(function LineSyncCard({ line }: { line: Line }) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const syncText = useSyncText();
  const { reportSync } = useLineActions();
  const retry = useRetryLineSync();
  return (
    <Card data-testid="line-sync-card">
      <CardHeader title={t('lines.edit.syncTitle')} subheader={t('lines.edit.syncSubtitle')} />
      <CardContent>
        <Stack sx={{ gap: 1.5 }}>
          <Fact label={t('lines.fields.sync')}>
            <LineSyncChip
              state={line.sync_state}
              error={line.sync_error}
              code={line.sync_error_code}
              params={line.sync_error_params}
            />
          </Fact>
          <Fact label={t('lines.edit.syncedAt')} testId="line-synced-at">
            {line.synced_at ? formatDateTime(line.synced_at, i18n.resolvedLanguage) : t('lines.edit.never')}
          </Fact>
          {line.sync_error && line.sync_state !== 'synced' && (
            <Alert
              severity={line.sync_state === 'pending' ? 'warning' : 'error'}
              data-testid="line-sync-message"
            >
              {syncText({
                text: line.sync_error,
                code: line.sync_error_code,
                params: line.sync_error_params,
              })}
            </Alert>
          )}
          {retry.isError && <Alert severity="error">{errorMessage(retry.error)}</Alert>}
          {/* The server refused the line for good: sending it again would be refused the same way. */}
          {line.sync_state !== 'refused' && (
            <Button
              variant="outlined"
              startIcon={<SyncIcon />}
              loading={retry.isPending}
              onClick={() =>
                retry.mutate(line.id, {
                  onSuccess: (result) => reportSync(result, t('lines.edit.syncOk')),
                })
              }
              data-testid="line-retry-sync"
            >
              {t('lines.edit.retrySync')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
});

function LineEditor({ line }: { line: Line }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { reportSync, reportDeleted } = useLineActions();
  const renew = useRenewLine();
  const [renewOpen, setRenewOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  // The heading and the summary (what a line is opened for) show first; the rest of the page, several
  // times their work (the form, the cards, their fields), follows in the next render.
  const detailsShown = useDeferredValue(true, false);
  // Stable, so that the memoised summary and cards skip the renders that only the form needs.
  const openRenew = useCallback(() => setRenewOpen(true), []);
  const openDelete = useCallback(() => setDeleteOpen(true), []);

  return (
    <>
      <PageHeading
        title={t('lines.edit.title', { username: line.username })}
        description={t('lines.edit.subtitle')}
        action={
          <Button color="inherit" startIcon={<ArrowBackIcon />} component={RouterLink} to={paths.linesAll}>
            {t('lines.edit.backToList')}
          </Button>
        }
      />
      <Box sx={{ mb: 3 }}>
        <LineSummaryCard line={line} onRenew={openRenew} />
      </Box>
      {detailsShown && <LineDetails line={line} onDelete={openDelete} />}

      <RenewLineDialog
        open={renewOpen}
        lines={[line]}
        loading={renew.isPending}
        error={renew.isError ? errorMessage(renew.error) : null}
        onClose={() => {
          renew.reset();
          setRenewOpen(false);
        }}
        onConfirm={(months, planId) =>
          renew.mutate(
            { id: line.id, months, planId },
            {
              onSuccess: (result) => {
                setRenewOpen(false);
                reportSync(result, t('lines.list.renewed', { username: line.username }));
              },
            },
          )
        }
      />
      <DeleteLineDialog
        open={deleteOpen}
        line={line}
        onClose={() => setDeleteOpen(false)}
        onDeleted={(deleted, result) => {
          reportDeleted(deleted, result);
          void navigate(paths.linesAll);
        }}
      />
    </>
  );
}

export function EditLinePage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { id } = useParams();
  const lineId = /^\d+$/.test(id ?? '') ? Number(id) : NaN;
  const line = useLine(lineId);

  if (!Number.isInteger(lineId) || (line.isError && isApiError(line.error) && line.error.status === 404)) {
    return <NotFoundState />;
  }
  if (line.isError) {
    return (
      <Alert severity="error" data-testid="line-load-error">
        {errorMessage(line.error)}
      </Alert>
    );
  }
  if (!line.data) {
    return (
      <Stack sx={{ gap: 3 }} aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={48} width={320} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }
  return <LineEditor line={line.data} />;
}
