import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import type { ReactNode } from 'react';
import { LanguagePopover } from '../../components/language-popover';
import { Logo } from '../../components/logo';

/** Centered card for the public pages (sign-in, sign-up, callback, 404). */
export function AuthLayout({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.neutral',
        backgroundImage: (theme) =>
          `radial-gradient(circle at 12% 8%, ${theme.palette.primary.lighter}66 0, transparent 40%), radial-gradient(circle at 88% 92%, ${theme.palette.secondary.lighter}80 0, transparent 40%)`,
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: { xs: 2, md: 5 },
          height: 72,
        }}
      >
        <Logo />
        <LanguagePopover />
      </Box>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: 2,
          py: { xs: 3, md: 6 },
        }}
      >
        <Card sx={{ width: 1, maxWidth, px: { xs: 3, sm: 5 }, py: { xs: 4, sm: 5 } }}>{children}</Card>
      </Box>
    </Box>
  );
}
