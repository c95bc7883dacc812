import Box from '@mui/material/Box';
import { Logo } from '../../components/logo';
import { NavSection } from './nav-section';
import type { NavGroup } from './nav-types';

export function NavContent({ data }: { data: NavGroup[] }) {
  return (
    <>
      <Box sx={{ pl: 3.5, pt: 2.5, pb: 1 }}>
        <Logo />
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', pt: 1 }}>
        <NavSection data={data} />
      </Box>
    </>
  );
}
