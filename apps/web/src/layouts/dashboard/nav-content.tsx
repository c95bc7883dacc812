import Box from '@mui/material/Box';
import { memo } from 'react';
import { Logo } from '../../components/logo';
import { NavSection } from './nav-section';
import type { NavGroup } from './nav-types';

/** The logo changes with neither the entries nor the language: it need not render again with them. */
const NavLogo = memo(function NavLogo() {
  return (
    <Box sx={{ pl: 3.5, pt: 2.5, pb: 1 }}>
      <Logo />
    </Box>
  );
});

export function NavContent({ data }: { data: NavGroup[] }) {
  return (
    <>
      <NavLogo />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', pt: 1 }}>
        <NavSection data={data} />
      </Box>
    </>
  );
}
