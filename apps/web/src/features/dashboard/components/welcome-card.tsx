import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { accountDisplayName } from '@linedesk/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';

/** Per account, so someone who signs in with a second account on this browser is welcomed there too. */
const visitedKey = (accountId: string) => `linedesk-visited-${accountId}`;

function hasVisited(accountId: string): boolean {
  try {
    return window.localStorage.getItem(visitedKey(accountId)) !== null;
  } catch {
    return false;
  }
}

/**
 * "Welcome back" only to someone who has been here before: a brand-new account is greeted with
 * "Welcome". The first visit is remembered in this browser (the server's last sign-in time is already
 * today's sign-in, so it cannot tell).
 */
function useReturning(accountId: string): boolean {
  const [returning] = useState(() => hasVisited(accountId));
  useEffect(() => {
    try {
      window.localStorage.setItem(visitedKey(accountId), new Date().toISOString());
    } catch {
      // Private mode: the next visit says "Welcome" again, which is still true.
    }
  }, [accountId]);
  return returning;
}

export function WelcomeCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const name = accountDisplayName(account);
  const returning = useReturning(account.id);

  return (
    <Card
      data-testid="welcome-card"
      sx={(theme) => ({
        p: { xs: 3, md: 5 },
        color: 'common.white',
        background: `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.darker} 100%)`,
        overflow: 'hidden',
      })}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          right: -60,
          top: -60,
          width: 240,
          height: 240,
          borderRadius: '50%',
          bgcolor: 'rgba(255, 255, 255, 0.08)',
        }}
      />
      <Box sx={{ position: 'relative', maxWidth: 560 }}>
        {/* The dashboard's page title. */}
        <Typography variant="h4" component="h1" sx={{ mb: 1 }} data-testid="welcome-name">
          {returning ? t('dashboard.welcomeBack', { name }) : t('dashboard.welcome', { name })}
        </Typography>
        <Typography sx={{ opacity: 0.8, mb: 3 }}>{t('dashboard.welcomeText')}</Typography>
        <Button component={RouterLink} to={paths.profileEdit} variant="contained" color="primary">
          {t('dashboard.goToProfile')}
        </Button>
      </Box>
    </Card>
  );
}
