import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks/account-context';
import { LedgerGrid } from './ledger-grid';

/** The signed-in account's own credit movements, on the profile page. */
export function ProfileLedgerCard() {
  const { t } = useTranslation();
  // By id: without it an admin would get every account's movements.
  const account = useAccount();
  return (
    <Card data-testid="profile-ledger">
      <CardHeader title={t('credits.ledger.title')} subheader={t('credits.ledger.subtitle')} sx={{ mb: 1 }} />
      <LedgerGrid accountId={account.id} />
    </Card>
  );
}
