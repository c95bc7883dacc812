import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { MyBillingCard } from '../../credits/components/billing-details-card';
import { ProfileLedgerCard } from '../../credits/components/profile-ledger-card';
import { TwoFactorCard } from '../../account-security/components/two-factor-card';
import { ChangePasswordForm } from '../components/change-password-form';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummaryCard } from '../components/profile-summary-card';

export function ProfileEditPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('profile.title')} description={t('profile.description')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          // minmax(0, …): a plain 1fr grows to the credit-history grid's minimum width (756px on a phone).
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <ProfileSummaryCard />
        <Stack sx={{ gap: 3 }}>
          <ProfileDetailsForm />
          <ChangePasswordForm />
          <TwoFactorCard />
          <MyBillingCard />
        </Stack>
        <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
          <ProfileLedgerCard />
        </Box>
      </Box>
    </>
  );
}
