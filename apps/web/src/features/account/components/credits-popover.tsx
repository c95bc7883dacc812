import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import RedeemOutlinedIcon from '@mui/icons-material/RedeemOutlined';
import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import { displayCredits } from '@linedesk/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LazyMenu } from '../../../components/lazy-overlays';
import { formatNumber } from '../../../lib/number-format';
import { paths } from '../../../lib/paths';
import { useAccount } from '../../auth/hooks/account-context';

export function CreditsPopover() {
  const { t, i18n } = useTranslation();
  const account = useAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const credits = displayCredits(account);
  const close = () => setAnchor(null);

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="credits-chip"
        data-credits={credits}
        sx={(theme) => ({
          height: 36,
          px: 1.5,
          gap: 0.75,
          borderRadius: 5,
          typography: 'subtitle2',
          color: theme.palette.primary.dark,
          bgcolor: alpha(theme.palette.primary.main, 0.12),
          '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.2) },
        })}
      >
        <AccountBalanceWalletOutlinedIcon sx={{ fontSize: 20 }} />
        <Box component="span" data-testid="credits-value">
          {formatNumber(credits, i18n.resolvedLanguage)}
        </Box>
        <Box component="span" sx={{ fontWeight: 500, display: { xs: 'none', sm: 'inline' } }}>
          {t('credits.label')}
        </Box>
      </ButtonBase>
      <LazyMenu
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, width: 220, p: 0.5 } }, list: { disablePadding: true } }}
      >
        <MenuItem
          component={RouterLink}
          to={paths.redeemCode}
          onClick={close}
          data-testid="credits-redeem-code"
        >
          <ListItemIcon>
            <RedeemOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('credits.redeemCode')} />
        </MenuItem>
        <MenuItem component={RouterLink} to={paths.pricing} onClick={close} data-testid="credits-top-up">
          <ListItemIcon>
            <AddCardOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('credits.topUp')} />
        </MenuItem>
      </LazyMenu>
    </>
  );
}
