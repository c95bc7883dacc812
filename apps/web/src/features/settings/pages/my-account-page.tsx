import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardHeader from '@mui/material/CardHeader';
import { isAdminAccount, maySellLines } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../lib/paths';
import { ApiKeysCard } from '../../api-keys/components/api-keys-card';
import { useAccount } from '../../auth/hooks/account-context';
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
 * What is mine, whoever I am: how I sign in, my language and devices, my keys, the mails and
 * messages I get, and (selling lines) what my customers see. The panel's own settings are on
 * `PanelSettingsPage`.
 */
export function MyAccountPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const sells = maySellLines({ isAdmin: isAdminAccount(account), permissions: account.permissions });
  const sections: SettingsSection[] = [
    {
      id: 'sign-in',
      title: t('settings.account.signIn'),
      children: (
        <>
          <LinkCard
            title={t('settings.account.profileTitle')}
            text={t('settings.account.profileText')}
            to={paths.profileEdit}
            label={t('settings.account.profileLink')}
            testId="settings-profile-link"
          />
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
  ];
  return (
    <>
      <PageHeading title={t('settings.account.title')} description={t('settings.account.description')} />
      <SettingsSections sections={sections} />
    </>
  );
}
