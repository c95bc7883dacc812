import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';

type AuthFormProps = {
  title: string;
  /** The line under the title: what to do, or a link to the other way in. */
  text: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What went wrong, above the fields: an `AuthFormError`, or nothing. */
  error?: ReactNode;
  testId: string;
  children: ReactNode;
};

/** A form of the signed-out screens: its title and line of help, what went wrong, then the fields. */
export function AuthForm({ title, text, onSubmit, error, testId, children }: AuthFormProps) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid={testId}>
      <Stack sx={{ gap: 1, mb: 4 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
      </Stack>
      {error}
      <Stack sx={{ gap: 3 }}>{children}</Stack>
    </Box>
  );
}
