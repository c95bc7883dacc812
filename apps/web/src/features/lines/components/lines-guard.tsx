import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAdminAccount, maySellLines } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../auth/hooks/account-context';

/** The line pages need view_users (resellers and admins); plain users see why instead of an error. */
export function LinesGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const account = useAccount();
  if (maySellLines({ isAdmin: isAdminAccount(account), permissions: account.permissions })) return children;
  // A staff member whose role reads lines (the server's rule, sent in GET /api/me).
  if (account.staff_operations?.includes('GET /api/lines')) return children;
  return (
    <Box
      role="alert"
      data-testid="lines-guard"
      sx={{ py: { xs: 8, md: 12 }, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
    >
      <title>{`${t('common.permissionDenied')} | Linedesk`}</title>
      <LockOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 2 }} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('common.permissionDenied')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center', maxWidth: 480 }}>
        {t('lines.guard')}
      </Typography>
    </Box>
  );
}
