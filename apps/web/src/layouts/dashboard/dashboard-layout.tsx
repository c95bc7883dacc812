import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LazyDrawer } from '../../components/lazy-overlays';
import { layoutConfig } from '../layout-config';
import { DashboardHeader } from './dashboard-header';
import { NavContent } from './nav-content';
import type { NavGroup } from './nav-types';

type DashboardLayoutProps = {
  navData: NavGroup[];
  /** Right side of the header (language, credits, account); supplied by the app so this layout stays feature-free. */
  headerActions: ReactNode;
  children: ReactNode;
};

export function DashboardLayout({ navData, headerActions, children }: DashboardLayoutProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useState(false);
  const desktop = layoutConfig.desktopBreakpoint;
  // The permanent nav is rendered on a wide screen only: hidden by CSS on a phone it would still cost
  // a render of every entry, on the slowest CPUs, at every badge change. The phone's drawer renders
  // its own copy when opened.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up(desktop), { noSsr: true });

  useEffect(() => {
    setNavOpen(false);
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {wide && (
        <Box
          component="aside"
          aria-label={t('nav.label')}
          data-testid="nav-desktop"
          sx={{
            display: 'flex',
            flexDirection: 'column',
            position: 'fixed',
            top: 0,
            left: 0,
            height: '100vh',
            width: layoutConfig.navWidth,
            borderRight: (theme) => `1px dashed ${theme.palette.divider}`,
            bgcolor: 'background.default',
            zIndex: (theme) => theme.zIndex.appBar + 1,
          }}
        >
          <NavContent data={navData} />
        </Box>
      )}

      <LazyDrawer
        open={navOpen}
        onClose={() => setNavOpen(false)}
        sx={{ display: { [desktop]: 'none' } }}
        slotProps={{
          paper: {
            'aria-label': t('nav.label'),
            'data-testid': 'nav-mobile',
            sx: {
              width: layoutConfig.navMobileWidth,
              maxWidth: '100vw',
              display: 'flex',
              flexDirection: 'column',
            },
          } as object,
        }}
      >
        <NavContent data={navData} />
      </LazyDrawer>

      <Box
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          pl: { [desktop]: `${layoutConfig.navWidth}px` },
        }}
      >
        <DashboardHeader onOpenNav={() => setNavOpen(true)} actions={headerActions} />
        <Box component="main" sx={{ flexGrow: 1, pt: 1, pb: { xs: 8, [desktop]: 10 } }}>
          <Container maxWidth="lg" sx={{ px: { xs: 2, sm: 3, [desktop]: 5 } }}>
            {children}
          </Container>
        </Box>
      </Box>
    </Box>
  );
}
