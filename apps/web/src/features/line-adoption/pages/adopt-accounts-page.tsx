import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { paths } from '../../../lib/paths';
import { serverKeys, serversApi } from '../../servers/api/servers-api';
import { UnmanagedAccountsCard } from '../components/unmanaged-accounts-card';

/** A server's hand-written accounts, adopted as panel lines with their login unchanged (admin). */
export function AdoptAccountsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const serverId = Number(id);
  const valid = Number.isInteger(serverId) && serverId > 0;
  const server = useQuery({
    queryKey: [...serverKeys.all, 'one', serverId],
    queryFn: ({ signal }) => serversApi.get(serverId, signal),
    enabled: valid,
  });

  return (
    <>
      <PageHeading
        title={t('lineAdoption.page.title')}
        description={
          server.data ? t('lineAdoption.page.subtitle', { name: server.data.server_name }) : undefined
        }
        action={
          <Button variant="outlined" component={RouterLink} to={paths.serversManage}>
            {t('lineAdoption.page.back')}
          </Button>
        }
      />
      <Stack sx={{ gap: 3 }}>
        {valid ? (
          <UnmanagedAccountsCard serverId={serverId} />
        ) : (
          <Alert severity="error">{t('errors.SERVER_NOT_FOUND')}</Alert>
        )}
      </Stack>
    </>
  );
}
