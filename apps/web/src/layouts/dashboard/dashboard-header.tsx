import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutConfig } from '../layout-config';

type DashboardHeaderProps = { onOpenNav: () => void; actions: ReactNode };

export function DashboardHeader({ onOpenNav, actions }: DashboardHeaderProps) {
  const { t } = useTranslation();
  const desktop = layoutConfig.desktopBreakpoint;
  return (
    <AppBar
      position="sticky"
      color="transparent"
      elevation={0}
      sx={{
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        backdropFilter: 'blur(6px)',
        backgroundColor: 'rgba(255, 255, 255, 0.8)',
      }}
    >
      <Toolbar
        disableGutters
        data-testid="app-header"
        sx={{
          minHeight: { xs: layoutConfig.headerMobileHeight, [desktop]: layoutConfig.headerDesktopHeight },
          height: { xs: layoutConfig.headerMobileHeight, [desktop]: layoutConfig.headerDesktopHeight },
          px: { xs: 2, sm: 3, [desktop]: 5 },
          gap: 1,
        }}
      >
        <IconButton
          onClick={onOpenNav}
          aria-label={t('nav.open')}
          data-testid="nav-open-button"
          sx={{ display: { [desktop]: 'none' }, ml: -1 }}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>{actions}</Box>
      </Toolbar>
    </AppBar>
  );
}
