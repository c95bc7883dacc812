import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A figure's state: bad news red, a warning amber, good news green, a plain count grey. */
export type SummaryTone = 'error' | 'warning' | 'success' | 'neutral';

type SummaryCardProps = {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  tone?: SummaryTone;
  testId?: string;
};

const toneColors: Record<SummaryTone, { bg: string; fg: string }> = {
  error: { bg: 'error.lighter', fg: 'error.dark' },
  warning: { bg: 'warning.lighter', fg: 'warning.dark' },
  success: { bg: 'success.lighter', fg: 'success.dark' },
  neutral: { bg: 'action.hover', fg: 'text.secondary' },
};

export function SummaryCard({ title, value, icon, tone = 'neutral', testId }: SummaryCardProps) {
  const { bg, fg } = toneColors[tone];
  return (
    <Card
      sx={{
        px: { xs: 1.5, md: 2 },
        py: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        // The state shows in the figure's own colour too, not only in the icon's circle.
        borderLeft: 4,
        borderColor: tone === 'neutral' ? 'transparent' : fg,
      }}
      data-testid={testId}
      data-tone={tone}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', lineHeight: 1.3 }}>
          {title}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          noWrap
          sx={{
            typography: { xs: 'h6', md: 'h5' },
            color: tone === 'error' || tone === 'warning' ? fg : 'text.primary',
          }}
          data-testid={testId && `${testId}-value`}
        >
          {value}
        </Typography>
      </Box>
      <Box
        aria-hidden
        sx={{
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: '50%',
          // Not on a phone: half a screen's width is the label's, which would wrap beside the
          // picture and make every figure taller (the colour still shows in the border and value).
          display: { xs: 'none', sm: 'flex' },
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: bg,
          color: fg,
        }}
      >
        {icon}
      </Box>
    </Card>
  );
}
