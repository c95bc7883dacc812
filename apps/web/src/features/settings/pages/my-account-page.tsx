import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { isAdminAccount, maySellLines } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../lib/paths';
import { TwoFactorCard } from '../../account-security/components/two-factor-card';
import { ChangePasswordForm } from '../../account/components/change-password-form';
import { ProfileDetailsForm } from '../../account/components/profile-details-form';
import { ProfileSummaryCard } from '../../account/components/profile-summary-card';
import { ApiKeysCard } from '../../api-keys/components/api-keys-card';
import { useAccount } from '../../auth/hooks/account-context';
import { MyBillingCard } from '../../credits/components/billing-details-card';
import { ProfileLedgerCard } from '../../credits/components/profile-ledger-card';
import { PortalSettingsCard } from '../../portal/components/portal-settings-card';
import { RemindersCard } from '../../reminders/components/reminders-card';
import { TicketMailPreferenceCard } from '../../support/components/ticket-mail-preference-card';
import { LanguageSettingsCard } from '../components/language-settings-card';
import { SessionsCard } from '../components/sessions-card';
import { SettingsSections, type SettingsSection } from '../components/settings-sections';

/** A setting kept on a page of its own: what it is, and the way there. */
function LinkCard(props: { title: string; text: string; to: string; label: string; testId: string }) {
  return (
    <Card>
      <CardHeader title={props.title} subheader={props.text} />
      <CardActions sx={{ px: 3, pb: 3 }}>
        <Button variant="outlined" component={RouterLink} to={props.to} data-testid={props.testId}>
          {props.label}
        </Button>
      </CardActions>
    </Card>
  );
}

/**
 * What is mine, whoever I am: my profile and billing details, my password, second sign-in step and
 * devices, my language, my keys, the mails and messages I get, (selling lines) what my customers see,
 * and my credit history. The panel's own settings are on `PanelSettingsPage`; the profile page of old
 * (`/profile/edit`) leads here.
 */
export function MyAccountPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const sells = maySellLines({ isAdmin: isAdminAccount(account), permissions: account.permissions });
  const sections: SettingsSection[] = [
    {
      id: 'profile',
      title: t('settings.account.profile'),
      children: (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <ProfileSummaryCard />
          <Stack sx={{ gap: 3, minWidth: 0 }}>
            <ProfileDetailsForm />
            <MyBillingCard />
          </Stack>
        </Box>
      ),
    },
    {
      id: 'security',
      title: t('settings.account.security'),
      children: (
        <>
          <ChangePasswordForm />
          <TwoFactorCard />
          <SessionsCard />
        </>
      ),
    },
    { id: 'language', title: t('settings.languageTitle'), children: <LanguageSettingsCard /> },
    {
      id: 'messages',
      title: t('settings.account.messages'),
      children: (
        <>
          <TicketMailPreferenceCard />
          <LinkCard
            title={t('settings.account.notificationsTitle')}
            text={t('settings.account.notificationsText')}
            to={paths.notifications}
            label={t('settings.account.notificationsLink')}
            testId="settings-notifications-link"
          />
        </>
      ),
    },
    ...(sells
      ? [
          {
            id: 'customers',
            title: t('settings.account.customers'),
            children: (
              <>
                <PortalSettingsCard />
                <RemindersCard />
              </>
            ),
          },
        ]
      : []),
    { id: 'api-keys', title: t('apiKeys.title'), children: <ApiKeysCard /> },
    { id: 'credits', title: t('settings.account.creditHistory'), children: <ProfileLedgerCard /> },
  ];
  return (
    <>
      <PageHeading title={t('settings.account.title')} description={t('settings.account.description')} />
      <SettingsSections sections={sections} />
    </>
  );
}
