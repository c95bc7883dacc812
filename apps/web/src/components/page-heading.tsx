import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type PageHeadingProps = { title: string; description?: string; action?: ReactNode };

/**
 * A page's title and its actions. On a phone the actions go below the title, across the full width,
 * and a row of several buttons wraps: beside a long title (or a German label) they would cover it or
 * run off the screen.
 */
export function PageHeading({ title, description, action }: PageHeadingProps) {
  return (
    <Box
      data-testid="page-heading"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { xs: 'stretch', md: 'flex-start' },
        gap: 2,
        mb: { xs: 3, md: 5 },
      }}
    >
      <title>{`${title} | Linedesk`}</title>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {description}
          </Typography>
        )}
      </Box>
      {action && (
        <Box
          sx={{
            flexShrink: { xs: 1, md: 0 },
            minWidth: 0,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            // A Stack of buttons passed as the action wraps too, instead of overflowing.
            '& > .MuiStack-root': { flexWrap: 'wrap' },
          }}
        >
          {action}
        </Box>
      )}
    </Box>
  );
}
