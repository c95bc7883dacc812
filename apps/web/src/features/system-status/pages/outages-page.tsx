import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading';
import { OutagesCard } from '../components/outages-card';

/**
 * A reseller's outages: the servers their lines are on that were down, when and how long, how many
 * of their own lines it touched and what its compensation gave them (the server scopes the list).
 */
export function OutagesPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('outages.title')} | Linedesk`}</title>
      <PageHeading title={t('outages.title')} description={t('outages.pageDescription')} />
      <OutagesCard />
    </>
  );
}
