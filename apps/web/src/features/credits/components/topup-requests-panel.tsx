import DownloadIcon from '@mui/icons-material/Download';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import {
  actsAsAdmin,
  topUpSortFields,
  type TopUpRequest,
  type TopUpSortField,
  type TopUpStatus,
} from '@linedesk/shared';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paging } from '../../../components/paged-data-grid';
import { usePhone } from '../../../components/responsive-list/use-phone';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { topUpExportUrl, type TopUpFilters as TopUpFilterParams } from '../api/topups-api';
import { useAccount } from '../../auth/hooks/account-context';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import { useDecideTopUp, useTopUps } from '../hooks/use-topups';
import { topUpStatusTabs } from '../lib/topup-status-tabs';
import { AdminTopUpsGrid } from './admin-topups-grid';
import { ApproveTopUpDialog } from './approve-topup-dialog';
import { RejectTopUpDialog } from './reject-topup-dialog';
import { RevokeTopUpDialog } from './revoke-topup-dialog';
import { TopUpDetailDialog } from './topup-detail-dialog';
import { emptyTopUpFilters, TopUpFilters, type TopUpFilterValues } from './topup-filters';

type Filter = TopUpStatus | 'all';
type Sort = { field: TopUpSortField; order: 'asc' | 'desc' };
const defaultSort: Sort = { field: 'created_at', order: 'desc' };
const isSortField = (field: string): field is TopUpSortField =>
  (topUpSortFields as readonly string[]).includes(field);

/** Admins: every payment, filtered and sorted on the server, to decide, look into and export. */
export function TopUpRequestsPanel() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const phone = usePhone();
  const [filter, setFilter] = useState<Filter>('pending');
  const [values, setValues] = useState<TopUpFilterValues>(emptyTopUpFilters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 25 });
  // Typing in the account search asks once the typing pauses for a render, not at every key.
  const search = useDeferredValue(values.search.trim());
  const filters = useMemo<TopUpFilterParams>(
    () => ({
      status: filter === 'all' ? undefined : filter,
      search: search || undefined,
      methodId: values.methodId ? Number(values.methodId) : undefined,
      from: values.from || undefined,
      to: values.to || undefined,
      sort: sort.field,
      order: sort.order,
    }),
    [filter, search, values.methodId, values.from, values.to, sort],
  );
  const requests = useTopUps({ ...filters, page: paging.page + 1, pageSize: paging.pageSize, counts: true });
  // A billing member decides payments as an admin, but the methods' list, the export and undoing an
  // approval stay the admin's: the panel leaves out what the server would refuse it.
  const account = useAccount();
  const mayRevoke = actsAsAdmin(account, 'POST /api/topups/:id/revoke');
  const mayExport = actsAsAdmin(account, 'GET /api/topups/export.csv');
  const methods = usePaymentMethods(actsAsAdmin(account, 'GET /api/payment-methods'));
  const decide = useDecideTopUp();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<{ open: boolean; request: TopUpRequest | null }>({
    open: false,
    request: null,
  });
  const [detail, setDetail] = useState<{ open: boolean; request: TopUpRequest | null }>({
    open: false,
    request: null,
  });
  const language = i18n.resolvedLanguage;
  const counts = new Map((requests.data?.status_counts ?? []).map((entry) => [entry.status, entry.count]));
  const countOf = (tab: Filter) =>
    tab === 'all' ? [...counts.values()].reduce((sum, n) => sum + n, 0) : (counts.get(tab) ?? 0);
  const activeFilters = [values.search, values.methodId, values.from, values.to].filter(Boolean).length;

  const changeValues = (next: TopUpFilterValues) => {
    setValues(next);
    setPaging((state) => ({ ...state, page: 0 }));
  };

  const [confirming, setConfirming] = useState<{ open: boolean; request: TopUpRequest | null }>({
    open: false,
    request: null,
  });

  const approve = useCallback(
    (request: TopUpRequest) => {
      setBusy((ids) => new Set(ids).add(request.id));
      decide.mutate(
        { id: request.id, approve: true },
        {
          onSuccess: (saved) =>
            snackbar(
              t('credits.topups.approved', {
                count: saved.credits,
                credits: formatNumber(saved.credits, language),
                email: saved.account_email ?? '—',
              }),
            ),
          onError: (error) => snackbar(errorMessage(error), 'error'),
          onSettled: () =>
            setBusy((ids) => {
              const next = new Set(ids);
              next.delete(request.id);
              return next;
            }),
        },
      );
    },
    [decide, snackbar, t, language, errorMessage],
  );
  const onDecide = useCallback((request: TopUpRequest, yes: boolean) => {
    // Money moves on approval: it is always confirmed first, in a dialog that says what happens.
    if (!yes) setRejecting({ open: true, request });
    else setConfirming({ open: true, request });
  }, []);
  const [revoking, setRevoking] = useState<{ open: boolean; request: TopUpRequest | null }>({
    open: false,
    request: null,
  });
  const onRevoke = useCallback((request: TopUpRequest) => setRevoking({ open: true, request }), []);
  const onOpen = useCallback((request: TopUpRequest) => setDetail({ open: true, request }), []);

  const filterFields = <TopUpFilters values={values} onChange={changeValues} methods={methods.data ?? []} />;

  return (
    <>
      <Card>
        <CardHeader
          title={t('credits.topups.adminTitle')}
          subheader={t('credits.topups.adminSubtitle')}
          action={
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {phone && (
                <Badge color="primary" badgeContent={activeFilters} data-testid="topup-filters-count">
                  <Button
                    variant="outlined"
                    startIcon={<FilterListIcon />}
                    onClick={() => setFiltersOpen(true)}
                    data-testid="topup-filters-open"
                  >
                    {t('credits.topups.filters')}
                  </Button>
                </Badge>
              )}
              {mayExport && (
                <Button
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  href={topUpExportUrl(filters)}
                  download
                  data-testid="topup-export"
                >
                  {t('credits.topups.export')}
                </Button>
              )}
            </Stack>
          }
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
        />
        {!phone && <Box sx={{ px: 3, pb: 2 }}>{filterFields}</Box>}
        <Tabs
          value={filter}
          onChange={(_event, next: Filter) => {
            setFilter(next);
            setPaging((state) => ({ ...state, page: 0 }));
          }}
          // Seven labels with counts are wider than a phone: the row scrolls, with arrows.
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ px: 3, mb: 1 }}
        >
          {(['all', ...topUpStatusTabs()] as Filter[]).map((tab) => (
            <Tab
              key={tab}
              value={tab}
              data-testid={`topup-filter-${tab}`}
              label={
                <span>
                  {tab === 'all' ? t('credits.topups.all') : t(`credits.topups.statuses.${tab}`)}{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }} data-testid={`topup-count-${tab}`}>
                    {formatNumber(countOf(tab), language)}
                  </Box>
                </span>
              }
            />
          ))}
        </Tabs>
        <AdminTopUpsGrid
          requests={requests.data?.items ?? []}
          total={requests.data?.total ?? 0}
          paging={paging}
          onPagingChange={setPaging}
          loading={requests.isFetching && !requests.data}
          noRowsText={requests.isError ? errorMessage(requests.error) : t('credits.topups.noneAdmin')}
          sort={{
            field: sort.field,
            order: sort.order,
            onChange: (next) => {
              setSort(
                next && isSortField(next.field) ? { field: next.field, order: next.order } : defaultSort,
              );
              setPaging((state) => ({ ...state, page: 0 }));
            },
          }}
          onDecide={onDecide}
          onOpen={onOpen}
          onRevoke={mayRevoke ? onRevoke : undefined}
          busy={busy}
        />
      </Card>
      {phone && (
        <Dialog
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          fullWidth
          data-testid="topup-filters-dialog"
        >
          <DialogTitle>{t('credits.topups.filters')}</DialogTitle>
          <DialogContent sx={{ pt: '8px !important' }}>{filterFields}</DialogContent>
          <DialogActions>
            <Button onClick={() => changeValues(emptyTopUpFilters)} disabled={activeFilters === 0}>
              {t('credits.topups.clearFilters')}
            </Button>
            <Button
              variant="contained"
              onClick={() => setFiltersOpen(false)}
              data-testid="topup-filters-done"
            >
              {t('credits.topups.showResults', { count: requests.data?.total ?? 0 })}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      <TopUpDetailDialog
        open={detail.open}
        request={detail.request}
        onClose={() => setDetail((state) => ({ ...state, open: false }))}
      />
      <ApproveTopUpDialog
        open={confirming.open}
        request={confirming.request}
        onClose={() => setConfirming((state) => ({ ...state, open: false }))}
        onConfirm={(request) => {
          setConfirming((state) => ({ ...state, open: false }));
          approve(request);
        }}
      />
      <RevokeTopUpDialog
        open={revoking.open}
        request={revoking.request}
        onClose={() => setRevoking((state) => ({ ...state, open: false }))}
        onRevoked={(request) => {
          snackbar(
            t('payments.undo.done', {
              count: request.credits,
              credits: formatNumber(request.credits, language),
              email: request.account_email ?? '—',
            }),
          );
          setRevoking((state) => ({ ...state, open: false }));
        }}
      />
      <RejectTopUpDialog
        open={rejecting.open}
        request={rejecting.request}
        onClose={() => setRejecting((state) => ({ ...state, open: false }))}
        onRejected={(request) => {
          snackbar(t('credits.topups.rejected', { email: request.account_email ?? '—' }));
          setRejecting((state) => ({ ...state, open: false }));
        }}
      />
    </>
  );
}
