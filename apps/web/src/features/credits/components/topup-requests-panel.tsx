import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { TopUpRequest, TopUpStatus } from '@linedesk/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatNumber } from '../../../lib/number-format';
import { useDecideTopUp, useTopUps } from '../hooks/use-topups';
import type { Paging } from '../../../components/paged-data-grid';
import { RejectTopUpDialog } from './reject-topup-dialog';
import { TopUpsGrid } from './topups-grid';

type Filter = TopUpStatus | 'all';
// What needs a decision first; requests still awaiting their payment come next (an admin may
// approve one when the money arrived with its reference before the requester said so).
const filters: readonly TopUpStatus[] = ['pending', 'awaiting_payment', 'approved', 'rejected'];

/** Admins: the requests to decide (pending first), and the decided ones for reference. */
export function TopUpRequestsPanel() {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const [filter, setFilter] = useState<Filter>('pending');
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 25 });
  const requests = useTopUps({
    page: paging.page + 1,
    pageSize: paging.pageSize,
    status: filter === 'all' ? undefined : filter,
  });
  const decide = useDecideTopUp();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<{ open: boolean; request: TopUpRequest | null }>({
    open: false,
    request: null,
  });

  const onDecide = useCallback(
    (request: TopUpRequest, approve: boolean) => {
      if (!approve) {
        setRejecting({ open: true, request });
        return;
      }
      setBusy((ids) => new Set(ids).add(request.id));
      decide.mutate(
        { id: request.id, approve: true },
        {
          onSuccess: (saved) =>
            snackbar(
              t('credits.topups.approved', {
                credits: formatNumber(saved.credits, i18n.resolvedLanguage),
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
    [decide, snackbar, t, i18n.resolvedLanguage, errorMessage],
  );

  return (
    <>
      <Card>
        <CardHeader title={t('credits.topups.adminTitle')} subheader={t('credits.topups.adminSubtitle')} />
        <Tabs
          value={filter}
          onChange={(_event, next: Filter) => {
            setFilter(next);
            setPaging((state) => ({ ...state, page: 0 }));
          }}
          // Five labels are wider than a phone: the row scrolls, with arrows.
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ px: 3, mb: 1 }}
        >
          {filters.map((status) => (
            <Tab
              key={status}
              value={status}
              label={t(`credits.topups.statuses.${status}`)}
              data-testid={`topup-filter-${status}`}
            />
          ))}
          <Tab value="all" label={t('credits.topups.all')} data-testid="topup-filter-all" />
        </Tabs>
        <TopUpsGrid
          requests={requests.data?.items ?? []}
          total={requests.data?.total ?? 0}
          paging={paging}
          onPagingChange={setPaging}
          loading={requests.isFetching && !requests.data}
          noRowsText={requests.isError ? errorMessage(requests.error) : t('credits.topups.noneAdmin')}
          onDecide={onDecide}
          busy={busy}
          testId="topup-admin-grid"
        />
      </Card>
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
