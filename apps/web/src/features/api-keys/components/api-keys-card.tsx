import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@linedesk/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSnackbar } from '../../../components/snackbar/use-snackbar';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { useApiKeys, useRevokeApiKey } from '../hooks/use-api-keys';
import { NewApiKeyDialog } from './new-api-key-dialog';

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      data-testid="api-key-row"
      sx={{ gap: 2, py: 2, alignItems: { sm: 'center' } }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2">
          {apiKey.name}{' '}
          <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary' }}>
            {apiKey.prefix}…
          </Box>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('apiKeys.created')}: {formatDate(apiKey.created_at, language)}
          {' · '}
          {t('apiKeys.lastUsed')}:{' '}
          {apiKey.last_used_at ? formatDateTime(apiKey.last_used_at, language) : t('apiKeys.notUsed')}
          {' · '}
          {t('apiKeys.expires')}:{' '}
          {apiKey.expires_at ? formatDate(apiKey.expires_at, language) : t('apiKeys.never')}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        size="small"
        onClick={() => onRevoke(apiKey)}
        data-testid="api-key-revoke"
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {t('apiKeys.revoke')}
      </Button>
    </Stack>
  );
}

export function ApiKeysCard() {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const errorMessage = useErrorMessage();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!pending) return;
    revoke.mutate(pending.id, {
      onSuccess: () => snackbar(t('apiKeys.revoked')),
      onError: (error) => snackbar(errorMessage(error), 'error'),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Card data-testid="api-keys-card">
      <CardHeader
        title={t('apiKeys.title')}
        subheader={
          <>
            {t('apiKeys.description')}{' '}
            <Link href="/api/docs" target="_blank" rel="noopener" underline="always">
              {t('apiKeys.docsLink')}
            </Link>
          </>
        }
        action={
          <Button
            variant="contained"
            startIcon={<KeyOutlinedIcon />}
            onClick={() => setCreating(true)}
            data-testid="api-key-create"
          >
            {t('apiKeys.create')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 1 }}>
        {keys.isPending && <Skeleton variant="rounded" height={56} />}
        {keys.isError && <Alert severity="error">{errorMessage(keys.error)}</Alert>}
        {keys.data?.length === 0 && (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
            {t('apiKeys.empty')}
          </Typography>
        )}
        {keys.data?.map((apiKey, index) => (
          <Fragment key={apiKey.id}>
            {index > 0 && <Divider sx={{ borderStyle: 'dashed' }} />}
            <ApiKeyRow apiKey={apiKey} onRevoke={setPending} />
          </Fragment>
        ))}
      </CardContent>
      <NewApiKeyDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={Boolean(pending)}
        title={t('apiKeys.revokeTitle')}
        content={t('apiKeys.revokeText', { name: pending?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}
