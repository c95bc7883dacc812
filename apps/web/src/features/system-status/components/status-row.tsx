import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type StatusRowProps = {
  label: string;
  value: ReactNode;
  state?: { ok: boolean; label: string };
  testId?: string;
};

export function StatusRow({ label, value, state, testId }: StatusRowProps) {
  return (
    <Box
      data-testid={testId}
      sx={{
        display: 'flex',
        gap: 2,
        py: 1.25,
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', width: 200, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ flexGrow: 1, minWidth: 0, wordBreak: 'break-word' }}>
        {value}
      </Typography>
      {state && (
        <Chip size="small" variant="outlined" color={state.ok ? 'success' : 'error'} label={state.label} />
      )}
    </Box>
  );
}
