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
      {/* Tighter than a form card's header: the first row of charts has to fit under the to-do list. */}
      <CardHeader
        title={title}
        action={
          subheader && (
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', pt: 0.5 }}>
              {subheader}
            </Typography>
          )
        }
        sx={{ px: 2.5, pt: 2, pb: 0.5 }}
      />
      <CardContent sx={{ pt: 0, px: 2, '&:last-child': { pb: 1.5 } }}>
        {empty ? (
          <Typography
            variant="body2"
            sx={{
              color: 'text.secondary',
              height: 180,
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
