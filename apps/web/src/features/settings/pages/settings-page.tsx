import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { LanguageSettingsCard } from '../components/language-settings-card';
import { SessionsCard } from '../components/sessions-card';

export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('settings.title')} description={t('settings.description')} />
      <Stack sx={{ gap: 3 }}>
        <LanguageSettingsCard />
        <SessionsCard />
      </Stack>
    </>
  );
}
