import type { SvgIconProps } from '@mui/material/SvgIcon';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ComponentType, ReactNode } from 'react';

type EmptyStateProps = {
  /** A large faded picture above the title. */
  icon?: ComponentType<SvgIconProps>;
  title?: ReactNode;
  text?: ReactNode;
  testId?: string;
};

/** What a list shows when there is nothing in it: a picture, a title and a line of help, centred. */
export function EmptyState({ icon: Icon, title, text, testId }: EmptyStateProps) {
  return (
    <Box sx={{ py: 8, px: 3, textAlign: 'center' }} data-testid={testId}>
      {Icon && <Icon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />}
      {title !== undefined && <Typography variant="h6">{title}</Typography>}
      {text !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: title === undefined ? 0 : 0.5 }}>
          {text}
        </Typography>
      )}
    </Box>
  );
}
