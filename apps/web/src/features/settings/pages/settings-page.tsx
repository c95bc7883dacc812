import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { SharingSettingsCard } from '../../lines/components/sharing-settings-card';
import { TrialSettingsCard } from '../../lines/components/trial-settings-card';
import { BusinessZoneCard } from '../../lines/components/business-zone-card';
import { SecuritySettingsCard } from '../../account-security/components/security-settings-card';
import { ApiKeysCard } from '../../api-keys/components/api-keys-card';
import { PaymentMethodsCard } from '../../credits/components/payment-methods-card';
import { SellerDetailsCard } from '../../credits/components/billing-details-card';
import { TopUpSettingsCard } from '../../credits/components/topup-settings-card';
import { PortalSettingsCard } from '../../portal/components/portal-settings-card';
import { RemindersCard } from '../../reminders/components/reminders-card';
import { TelegramSettingsCard } from '../../telegram/components/telegram-settings-card';
import { TicketMailPreferenceCard } from '../../support/components/ticket-mail-preference-card';
import { LanguageSettingsCard } from '../components/language-settings-card';
import { SessionsCard } from '../components/sessions-card';
import { SignUpSettingsCard } from '../../dashboard/components/sign-up-settings-card';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('settings.title')} description={t('settings.description')} />
      <Stack sx={{ gap: 3 }}>
        <LanguageSettingsCard />
        <SessionsCard />
        <SecuritySettingsCard />
        <SignUpSettingsCard />
        <TrialSettingsCard />
        <BusinessZoneCard />
        <SharingSettingsCard />
        <PaymentMethodsCard />
        <TopUpSettingsCard />
        <SellerDetailsCard />
        <TicketMailPreferenceCard />
        <RemindersCard />
        <TelegramSettingsCard />
        <PortalSettingsCard />
        <ApiKeysCard />
      </Stack>
    </>
  );
}
