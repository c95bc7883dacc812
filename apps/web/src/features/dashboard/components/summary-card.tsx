import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type SummaryCardProps = { title: string; value: ReactNode; icon: ReactNode; testId?: string };

export function SummaryCard({ title, value, icon, testId }: SummaryCardProps) {
  return (
    <Card sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 2 }} data-testid={testId}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ color: 'text.secondary', mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="h3" component="p" noWrap data-testid={testId && `${testId}-value`}>
          {value}
        </Typography>
      </Box>
      <Box
        sx={{
          width: 56,
          height: 56,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'primary.lighter',
          color: 'primary.dark',
        }}
      >
        {icon}
      </Box>
    </Card>
  );
}
