import { isAdminAccount } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../lib/paths';
import { SecuritySettingsCard } from '../../account-security/components/security-settings-card';
import { useAccount } from '../../auth/hooks/account-context';
import { PaymentMethodsCard } from '../../credits/components/payment-methods-card';
import { SellerDetailsCard } from '../../credits/components/billing-details-card';
import { TopUpSettingsCard } from '../../credits/components/topup-settings-card';
import { SignUpSettingsCard } from '../../dashboard/components/sign-up-settings-card';
import { EcmSettingsCard } from '../../ecm-stats/components/ecm-settings-card';
import { LoadAlertSettingsCard } from '../../ecm-stats/components/load-alert-settings-card';
import { BusinessZoneCard } from '../../lines/components/business-zone-card';
import { FreezeSettingsCard } from '../../lines/components/freeze-settings-card';
import { EndedLinesSettingsCard } from '../../lines/components/ended-lines-settings-card';
import { SharingSettingsCard } from '../../lines/components/sharing-settings-card';
import { TrialSettingsCard } from '../../lines/components/trial-settings-card';
import { TelegramSettingsCard } from '../../telegram/components/telegram-settings-card';
import { SettingsSections, type SettingsSection } from '../components/settings-sections';

/** The settings that hold for the whole panel, every account's: admins only (the server refuses others). */
export function PanelSettingsPage() {
  const { t } = useTranslation();
  const account = useAccount();
  if (!isAdminAccount(account)) return <Navigate to={paths.settingsAccount} replace />;
  const sections: SettingsSection[] = [
    {
      id: 'access',
      title: t('settings.panel.access'),
      children: (
        <>
          <SignUpSettingsCard />
          <SecuritySettingsCard />
        </>
      ),
    },
    {
      id: 'lines',
      title: t('settings.panel.lines'),
      children: (
        <>
          <TrialSettingsCard />
          <FreezeSettingsCard />
          <EndedLinesSettingsCard />
          <BusinessZoneCard />
          <SharingSettingsCard />
          <EcmSettingsCard />
          <LoadAlertSettingsCard />
        </>
      ),
    },
    {
      id: 'payments',
      title: t('settings.panel.payments'),
      children: (
        <>
          <PaymentMethodsCard />
          <TopUpSettingsCard />
          <SellerDetailsCard />
        </>
      ),
    },
    { id: 'telegram', title: t('settings.panel.telegram'), children: <TelegramSettingsCard /> },
  ];
  return (
    <>
      <PageHeading title={t('settings.panel.title')} description={t('settings.panel.description')} />
      <SettingsSections sections={sections} />
    </>
  );
}
