import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

type ListSkeletonProps = { rows?: number; rowHeight?: number };

/** Placeholder rows inside a card until a list's first answer. */
export function ListSkeleton({ rows = 3, rowHeight = 48 }: ListSkeletonProps) {
  return (
    <Stack sx={{ p: 3, gap: 1.5 }}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} variant="rounded" height={rowHeight} />
      ))}
    </Stack>
  );
}
