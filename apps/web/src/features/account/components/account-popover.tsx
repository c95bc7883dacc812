import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Typography from '@mui/material/Typography';
import { accountDisplayName, accountName, isAdminAccount } from '@linedesk/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LazyPopover } from '../../../components/lazy-overlays';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';
import { useSignOut } from '../../auth/hooks/use-auth-mutations';
import { AccountAvatar } from './account-avatar';

/** An entry of the menu that leads to one of my pages. */
function LinkItem(props: {
  to: string;
  icon: ReactNode;
  label: string;
  testId: string;
  onClick: () => void;
}) {
  return (
    <MenuItem component={RouterLink} to={props.to} onClick={props.onClick} data-testid={props.testId}>
      <ListItemIcon>{props.icon}</ListItemIcon>
      <ListItemText primary={props.label} />
    </MenuItem>
  );
}

export function AccountPopover() {
  const { t } = useTranslation();
  const account = useAccount();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const handleSignOut = () => {
    signOut.mutate(undefined, { onSettled: close });
  };

  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        // Names the account, so the label holds the avatar's visible initial.
        aria-label={t('account.menuNamed', { name: accountDisplayName(account) })}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="account-button"
        sx={{ p: 0.25, ml: 0.5 }}
      >
        <AccountAvatar account={account} sx={{ width: 36, height: 36 }} />
      </IconButton>
      <LazyPopover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, width: 240 }, 'data-testid': 'account-menu' } as object }}
      >
        <Box sx={{ p: 2, pb: 1.5 }}>
          <Typography variant="subtitle2" noWrap data-testid="account-username">
            {accountName(account)}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }} data-testid="account-email">
            {account.email}
          </Typography>
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <MenuList sx={{ p: 1 }}>
          <LinkItem
            to={paths.settingsAccount}
            icon={<PersonOutlinedIcon fontSize="small" />}
            label={t('account.myAccount')}
            testId="account-settings-link"
            onClick={close}
          />
          {isAdminAccount(account) && (
            <LinkItem
              to={paths.settingsPanel}
              icon={<TuneOutlinedIcon fontSize="small" />}
              label={t('account.panelSettings')}
              testId="account-panel-settings-link"
              onClick={close}
            />
          )}
          <LinkItem
            to={paths.notifications}
            icon={<NotificationsOutlinedIcon fontSize="small" />}
            label={t('nav.notifications')}
            testId="account-notifications-link"
            onClick={close}
          />
        </MenuList>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <Box sx={{ p: 1 }}>
          <Button
            fullWidth
            color="error"
            size="medium"
            variant="text"
            startIcon={<LogoutIcon />}
            onClick={handleSignOut}
            loading={signOut.isPending}
            aria-label={t('account.signOut')}
            data-testid="sign-out-button"
            sx={{ justifyContent: 'flex-start', px: 1.5 }}
          >
            {t('account.signOut')}
          </Button>
        </Box>
      </LazyPopover>
    </>
  );
}
