import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { isAdminAccount } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useAccount } from '../../auth/hooks/account-context';
import { ManageCodesPanel } from '../components/manage-codes-panel';
import { RedeemForm } from '../components/redeem-form';
import { RedeemHistoryGrid } from '../components/redeem-history-grid';

type RedeemTab = 'redeem' | 'manage';

/** /redeem-code: everyone redeems here; admins also manage the codes (`?tab=manage`). */
export function RedeemCodePage() {
  const { t } = useTranslation();
  const account = useAccount();
  const admin = isAdminAccount(account);
  const [params, setParams] = useSearchParams();
  const tab: RedeemTab = admin && params.get('tab') === 'manage' ? 'manage' : 'redeem';

  return (
    <>
      <PageHeading title={t('credits.redeem.title')} description={t('credits.redeem.subtitle')} />
      {admin && (
        <Tabs
          value={tab}
          onChange={(_event, next: RedeemTab) =>
            setParams(next === 'manage' ? { tab: next } : {}, { replace: true })
          }
          sx={{ mb: 3 }}
        >
          <Tab value="redeem" label={t('credits.redeem.tabRedeem')} data-testid="redeem-tab-redeem" />
          <Tab value="manage" label={t('credits.redeem.tabManage')} data-testid="redeem-tab-manage" />
        </Tabs>
      )}
      {tab === 'manage' ? (
        <ManageCodesPanel />
      ) : (
        <Stack sx={{ gap: 3 }}>
          <RedeemForm />
          <Card>
            <CardHeader
              title={t('credits.history.title')}
              subheader={admin ? t('credits.history.subtitleAdmin') : t('credits.history.subtitle')}
              sx={{ mb: 2 }}
            />
            <RedeemHistoryGrid showUser={admin} />
          </Card>
        </Stack>
      )}
    </>
  );
}
