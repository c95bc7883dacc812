import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import Box from '@mui/material/Box';
import { displayCredits } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks/account-context';
import { SummaryCard } from '../components/summary-card';
import { WelcomeCard } from '../components/welcome-card';

export function DashboardHomePage() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  return (
    <>
      <title>{`${t('nav.dashboard')} | Linedesk`}</title>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <WelcomeCard />
        </Box>
        <SummaryCard
          title={t('credits.label')}
          value={displayCredits(account).toLocaleString(i18n.resolvedLanguage)}
          icon={<AccountBalanceWalletOutlinedIcon />}
          testId="dashboard-credits"
        />
        <SummaryCard
          title={t('fields.group')}
          value={account.group_name ?? '—'}
          icon={<GroupsOutlinedIcon />}
          testId="dashboard-group"
        />
      </Box>
    </>
  );
}
