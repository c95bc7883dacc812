import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { displayCredits, isAdminAccount } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { formatNumber } from '../../../lib/number-format';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { AllLedgerCard } from '../../credits/components/all-ledger-card';
import { SummaryCard } from '../../dashboard/components/summary-card';
import { AccountsPanel } from '../components/accounts-panel';
import { CreateAccountDialog } from '../components/create-account-dialog';
import { useAccounts } from '../hooks/use-accounts';
import type { AccountAction } from '../lib/account-actions';

const adminActions: AccountAction[] = ['add', 'edit', 'ledger', 'terms'];
const resellerActions: AccountAction[] = ['transfer', 'edit', 'ledger', 'terms'];

/**
 * /user, the spec's template page made real: the accounts the viewer manages — all of them for
 * admins, their own sub-accounts for resellers, who can create more and pass credits on to them.
 */
export function UserPage() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const snackbar = useSnackbar();
  const admin = isAdminAccount(account);
  const reseller = !admin && account.permissions.includes('add_credits');
  const [creating, setCreating] = useState(false);
  // Page 1 of size 1 is enough for the count; it shares the cache rules of the list below.
  const count = useAccounts({ page: 1, pageSize: 1 });

  if (!admin && !reseller) {
    return (
      <>
        <PageHeading
          title={t('resellers.overview.title')}
          description={t('resellers.overview.subtitleReseller')}
        />
        <Card sx={{ py: 8, px: 3, textAlign: 'center' }} data-testid="user-page-not-reseller">
          <PeopleAltOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6">{t('resellers.overview.notResellerTitle')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>
            {t('resellers.overview.notResellerText')}
          </Typography>
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.redeemCode}
            startIcon={<RedeemOutlinedIcon />}
          >
            {t('credits.redeemCode')}
          </Button>
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeading
        title={t('resellers.overview.title')}
        description={admin ? t('resellers.overview.subtitleAdmin') : t('resellers.overview.subtitleReseller')}
        action={
          admin ? (
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<ManageAccountsOutlinedIcon />}
              component={RouterLink}
              to={paths.resellers}
            >
              {t('resellers.overview.manage')}
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1OutlinedIcon />}
              onClick={() => setCreating(true)}
              data-testid="account-create-button"
            >
              {t('resellers.create.subButton')}
            </Button>
          )
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
        <SummaryCard
          title={admin ? t('resellers.overview.allAccounts') : t('resellers.overview.subAccounts')}
          value={count.data ? formatNumber(count.data.total, i18n.resolvedLanguage) : '—'}
          icon={<PeopleAltOutlinedIcon />}
          testId="user-page-count"
        />
        <SummaryCard
          title={t('resellers.overview.yourCredits')}
          value={formatNumber(displayCredits(account), i18n.resolvedLanguage)}
          icon={<AccountBalanceWalletOutlinedIcon />}
          testId="user-page-credits"
        />
      </Box>
      <AccountsPanel actions={admin ? adminActions : resellerActions} showOwner={admin} view="credits" />
      {admin && (
        <Box sx={{ mt: 3 }}>
          <AllLedgerCard />
        </Box>
      )}
      {!admin && (
        <CreateAccountDialog
          open={creating}
          admin={false}
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            snackbar(
              t(result.invited ? 'resellers.create.invited' : 'resellers.create.created', {
                email: result.account.email,
              }),
            );
            setCreating(false);
          }}
        />
      )}
    </>
  );
}
