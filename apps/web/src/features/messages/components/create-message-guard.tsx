import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAdminAccount } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks/account-context';

/**
 * The spec's extra guard on /messages/create: besides the login guard, non-admins get the messages
 * area's own refusal ('Only admins can create messages'), the same text the API answers with.
 */
export function CreateMessageGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const account = useAccount();
  if (isAdminAccount(account)) return children;

  return (
    <Box
      role="alert"
      data-testid="create-message-guard"
      sx={{ py: { xs: 8, md: 12 }, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
    >
      <title>{`${t('common.permissionDenied')} | Linedesk`}</title>
      <Box
        sx={{
          width: 80,
          height: 80,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'error.lighter',
          color: 'error.main',
          mb: 3,
        }}
      >
        <LockOutlinedIcon sx={{ fontSize: 40 }} />
      </Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('common.permissionDenied')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', maxWidth: 480 }}>
        {/* Area error texts are merged in at load, outside the typed keys. */}
        {t('errors.ONLY_ADMINS_CREATE_MESSAGES' as 'errors.INTERNAL')}
      </Typography>
    </Box>
  );
}
