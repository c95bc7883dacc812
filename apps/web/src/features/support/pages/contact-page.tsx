import Box from '@mui/material/Box';
import { isAdminAccount } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { useAccount } from '../../auth/hooks/account-context';
import { ContactDetailsCard } from '../components/contact-details-card';
import { ContactMessageForm } from '../components/contact-message-form';

/** /support/contact-us ("Contact us") and /contact ("Quick Contact") show the same content. */
export function ContactPage({ variant }: { variant: 'contact-us' | 'quick' }) {
  const { t } = useTranslation();
  const admin = isAdminAccount(useAccount());
  return (
    <>
      <PageHeading
        title={variant === 'quick' ? t('contact.quickTitle') : t('contact.title')}
        description={t('contact.subtitle')}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '360px minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <ContactDetailsCard admin={admin} />
        <ContactMessageForm />
      </Box>
    </>
  );
}
