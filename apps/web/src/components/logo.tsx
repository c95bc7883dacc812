import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

type LogoProps = { href?: string; showText?: boolean };

/** Inline SVG mark plus the product name: nothing is fetched from outside. */
export function Logo({ href = '/', showText = true }: LogoProps) {
  // The logo is rendered twice (permanent nav and drawer); a shared gradient id would break the hidden copy.
  const gradientId = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <Box
      component={RouterLink}
      to={href}
      aria-label="Linedesk"
      data-testid="logo"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
      }}
    >
      <Box component="svg" viewBox="0 0 40 40" sx={{ width: 36, height: 36, flexShrink: 0 }} aria-hidden>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            {/* The brand's own greens: the theme's primary is darker, for text contrast. */}
            <stop offset="0%" stopColor="#5BE49B" />
            <stop offset="100%" stopColor="#007867" />
          </linearGradient>
        </defs>
        <rect width="40" height="40" rx="10" fill={`url(#${gradientId})`} />
        <path d="M12 10h5v15h11v5H12z" fill="#FFFFFF" />
        <circle cx="28" cy="14" r="4" fill="#FFFFFF" opacity="0.72" />
      </Box>
      {showText && (
        <Typography component="span" sx={{ fontWeight: 800, fontSize: 20, letterSpacing: -0.2 }}>
          Linedesk
        </Typography>
      )}
    </Box>
  );
}
