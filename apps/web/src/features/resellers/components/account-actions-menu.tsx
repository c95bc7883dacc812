import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BlockIcon from '@mui/icons-material/Block';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import PriceChangeOutlinedIcon from '@mui/icons-material/PriceChangeOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ManagedAccount } from '@linedesk/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountAction, AccountActionHandler } from '../lib/account-actions';

const icons: Record<AccountAction, ReactNode> = {
  add: <AddCircleOutlineIcon fontSize="small" />,
  set: <AccountBalanceWalletOutlinedIcon fontSize="small" />,
  transfer: <SendOutlinedIcon fontSize="small" />,
  edit: <EditOutlinedIcon fontSize="small" />,
  group: <GroupsOutlinedIcon fontSize="small" />,
  ledger: <ReceiptLongOutlinedIcon fontSize="small" />,
  terms: <PriceChangeOutlinedIcon fontSize="small" />,
  staff: <BadgeOutlinedIcon fontSize="small" />,
  resend: <MarkEmailUnreadOutlinedIcon fontSize="small" />,
  ban: <BlockIcon fontSize="small" />,
  sessions: <LogoutIcon fontSize="small" />,
};

/** Destructive entries come last, after a divider, in red. */
const dangerous: ReadonlySet<AccountAction> = new Set(['ban', 'sessions']);

type AccountActionsMenuProps = {
  account: ManagedAccount;
  actions: AccountAction[];
  onAction: AccountActionHandler;
};

export function AccountActionsMenu({ account, actions, onAction }: AccountActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A confirmation mail only makes sense for an account that has not confirmed its email yet.
  const offered = actions.filter((action) => action !== 'resend' || !account.email_verified);
  const safe = offered.filter((action) => !dangerous.has(action));
  const danger = offered.filter((action) => dangerous.has(action));

  const label = (action: AccountAction) =>
    action === 'ban'
      ? account.banned
        ? t('resellers.actions.unban')
        : t('resellers.actions.ban')
      : t(`resellers.actions.${action}`);

  const item = (action: AccountAction) => (
    <MenuItem
      key={action}
      onClick={() => {
        setAnchor(null);
        onAction(action, account);
      }}
      data-testid={`account-action-${action}`}
      sx={
        dangerous.has(action) && !(action === 'ban' && account.banned) ? { color: 'error.main' } : undefined
      }
    >
      <ListItemIcon sx={{ color: 'inherit' }}>
        {action === 'ban' && account.banned ? <LockOpenOutlinedIcon fontSize="small" /> : icons[action]}
      </ListItemIcon>
      <ListItemText primary={label(action)} />
    </MenuItem>
  );

  return (
    <>
      <IconButton
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('resellers.actions.menuFor', { email: account.email })}
        aria-haspopup="menu"
        data-testid="account-actions-button"
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 200, p: 0.5 } }, list: { disablePadding: true } }}
      >
        {safe.map(item)}
        {safe.length > 0 && danger.length > 0 && <Divider sx={{ borderStyle: 'dashed' }} />}
        {danger.map(item)}
      </Menu>
    </>
  );
}
