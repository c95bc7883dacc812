import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { actsAsAdmin } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { MyTopUpsCard } from '../components/my-topups-card';
import { TopUpRequestsPanel } from '../components/topup-requests-panel';

/**
 * /payments, the navigation's Payments: admins decide and look into every payment; everyone else
 * follows their own top-ups (to pay one still waiting, read its receipt) and buys more from here.
 */
export function PaymentsPage() {
  const { t } = useTranslation();
  const account = useAccount();
  // A billing member decides payments as an admin (of its scope, when scoped).
  const admin = actsAsAdmin(account, 'GET /api/topups');
  return (
    <>
      <PageHeading
        title={t('payments.page.title')}
        description={t(admin ? 'payments.page.adminSubtitle' : 'payments.page.mineSubtitle')}
      />
      {admin ? (
        <TopUpRequestsPanel />
      ) : (
        <Stack sx={{ gap: 3 }}>
          <Button
            component={RouterLink}
            to={paths.pricing}
            variant="contained"
            startIcon={<AddCardOutlinedIcon />}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="payments-buy"
          >
            {t('payments.page.buy')}
          </Button>
          <MyTopUpsCard />
        </Stack>
      )}
    </>
  );
}
