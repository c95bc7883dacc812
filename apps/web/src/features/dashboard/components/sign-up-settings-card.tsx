import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { isAdminAccount } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks/account-context';
import { SignUpChoice } from './setup-guide-extras';

/**
 * Admins only: open sign-up, the same choice the setup guide asks, kept here once the guide is done
 * (the notice of each sign-up says where to close it).
 */
export function SignUpSettingsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  if (!isAdminAccount(account)) return null;
  return (
    <Card data-testid="sign-up-settings-card">
      <CardHeader
        title={t('setupGuide.steps.sign_up.title')}
        subheader={t('setupGuide.steps.sign_up.text')}
      />
      <CardContent>
        <SignUpChoice />
      </CardContent>
    </Card>
  );
}
