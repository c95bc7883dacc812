import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { useUnmanagedAccounts } from '../hooks/use-line-adoption';
import { AdoptAccountsDialog } from './adopt-accounts-dialog';

/** "N accounts on this server are not managed by the panel", and the way to adopt them. */
export function UnmanagedAccountsCard({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const unmanaged = useUnmanagedAccounts(serverId);
  const [open, setOpen] = useState(false);
  const accounts = unmanaged.data?.items ?? [];

  return (
    <Card data-testid="unmanaged-accounts-card">
      <CardContent>
        {unmanaged.isPending ? (
          <Skeleton variant="text" width="60%" />
        ) : unmanaged.isError ? (
          <Alert severity="error">{errorMessage(unmanaged.error)}</Alert>
        ) : (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack sx={{ gap: 0.5 }}>
              <Typography variant="subtitle1" data-testid="unmanaged-count" data-count={accounts.length}>
                {t('lineAdoption.card.count', { count: accounts.length })}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('lineAdoption.card.help')}
              </Typography>
            </Stack>
            <Button
              variant="contained"
              disabled={accounts.length === 0}
              onClick={() => setOpen(true)}
              data-testid="adopt-open"
            >
              {t('lineAdoption.card.adopt')}
            </Button>
          </Stack>
        )}
      </CardContent>
      <AdoptAccountsDialog
        open={open}
        serverId={serverId}
        accounts={accounts}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
