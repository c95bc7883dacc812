import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ApiKey } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';

/**
 * The keys a step is about to end (a password change ends them all; turning on two-factor sign-in can):
 * their names and last use, so the owner knows which scripts will need a new key.
 */
export function ApiKeysEndingList({ keys, testId }: { keys: ApiKey[]; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="ul" data-testid={testId} sx={{ m: 0, pl: 2.5 }}>
      {keys.map((key) => (
        <Typography component="li" variant="body2" key={key.id} data-testid="api-key-ending">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {key.name}
          </Box>
          {' · '}
          {t('apiKeys.lastUsed')}:{' '}
          {key.last_used_at ? formatDateTime(key.last_used_at, i18n.resolvedLanguage) : t('apiKeys.notUsed')}
        </Typography>
      ))}
    </Box>
  );
}
