import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import { useTranslation } from 'react-i18next';
import { LedgerGrid } from './ledger-grid';

/** Every account's credit movements, for admins, with whose balance moved and who moved it. */
export function AllLedgerCard() {
  const { t } = useTranslation();
  return (
    <Card data-testid="all-ledger">
      <CardHeader
        title={t('credits.ledger.allTitle')}
        subheader={t('credits.ledger.allSubtitle')}
        sx={{ mb: 1 }}
      />
      <LedgerGrid showAccount showActor />
    </Card>
  );
}
