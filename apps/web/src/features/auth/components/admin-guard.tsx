import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAdminAccount } from '@linedesk/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../hooks/account-context';

type AdminGuardProps = {
  children: ReactNode;
  /** The refusal shown to non-admins; defaults to the spec's admin-page text. */
  message?: string;
  testId?: string;
  /** A staff member whose role holds this operation (GET /api/me's `staff_operations`) passes too. */
  staffOperation?: string;
};

export function AdminGuard({ children, message, testId = 'admin-guard', staffOperation }: AdminGuardProps) {
  const { t } = useTranslation();
  const account = useAccount();
  if (isAdminAccount(account)) return children;
  if (staffOperation && account.staff_operations?.includes(staffOperation)) return children;

  return (
    <Box
      role="alert"
      data-testid={testId}
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
        {message ?? t('errors.ADMIN_ONLY')}
      </Typography>
    </Box>
  );
}
