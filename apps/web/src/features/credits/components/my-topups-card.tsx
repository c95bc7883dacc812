import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import type { TopUpRequest } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useTopUps } from '../hooks/use-topups';
import type { Paging } from '../../../components/paged-data-grid';
import { ManualPaymentDialog } from './manual-payment-dialog';
import { TopUpsGrid } from './topups-grid';

/** The signed-in account's own requests; a decision shows up live (`topup_requests` event). */
export function MyTopUpsCard() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [paging, setPaging] = useState<Paging>({ page: 0, pageSize: 10 });
  const requests = useTopUps({ page: paging.page + 1, pageSize: paging.pageSize });
  const [paying, setPaying] = useState<TopUpRequest | null>(null);
  return (
    <Card>
      <CardHeader
        title={t('credits.topups.mineTitle')}
        subheader={t('credits.topups.mineSubtitle')}
        sx={{ mb: 2 }}
      />
      <TopUpsGrid
        requests={requests.data?.items ?? []}
        total={requests.data?.total ?? 0}
        paging={paging}
        onPagingChange={setPaging}
        loading={requests.isFetching && !requests.data}
        noRowsText={requests.isError ? errorMessage(requests.error) : t('credits.topups.noneMine')}
        onPay={(request) =>
          // An online checkout is paid on the provider's page, still open until it expires.
          request.checkout_url ? window.location.assign(request.checkout_url) : setPaying(request)
        }
        testId="topup-mine-grid"
      />
      <ManualPaymentDialog request={paying} onClose={() => setPaying(null)} />
    </Card>
  );
}
