import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountDisplayName } from '@linedesk/shared';
import { useEffect, useState, type ReactNode } from 'react';
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

type WelcomeCardProps = {
  /** Whether the account sells lines: its first buttons are the daily ones, adding and listing lines. */
  sellsLines: boolean;
  /** Under the greeting (the admin's scope of the figures and the owner search), if anything. */
  children?: ReactNode;
};

/**
 * The dashboard's heading: one short line of greeting and the daily actions beside it, so the to-do
 * list below starts within the first screen (a tall banner with a profile button used to take it).
 */
export function WelcomeCard({ sellsLines, children }: WelcomeCardProps) {
  const { t } = useTranslation();
  const account = useAccount();
  const name = accountDisplayName(account);
  const returning = useReturning(account.id);

  return (
    <Stack
      data-testid="welcome-card"
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: { xs: 1.5, md: 2 }, alignItems: { md: 'center' } }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {/* The dashboard's page title. */}
        <Typography variant="h4" component="h1" data-testid="welcome-name">
          {returning ? t('dashboard.welcomeBack', { name }) : t('dashboard.welcome', { name })}
        </Typography>
        {children}
      </Box>
      {sellsLines && (
        <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
          <Button
            component={RouterLink}
            to={paths.linesAdd}
            variant="contained"
            startIcon={<AddIcon />}
            data-testid="dashboard-add-line"
          >
            {t('insights.addLine')}
          </Button>
          <Button
            component={RouterLink}
            to={paths.linesAll}
            variant="outlined"
            data-testid="dashboard-all-lines"
          >
            {t('insights.allLines')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
