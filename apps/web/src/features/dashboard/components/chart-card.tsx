import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type ChartCardProps = {
  title: string;
  subheader?: string;
  empty?: string | null;
  testId?: string;
  children: ReactNode;
};

/** A titled card for one chart, with a quiet message instead of an empty plot. */
export function ChartCard({ title, subheader, empty, testId, children }: ChartCardProps) {
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardHeader title={title} subheader={subheader} />
      <CardContent sx={{ pt: 0 }}>
        {empty ? (
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              height: 280,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            {empty}
          </Typography>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
