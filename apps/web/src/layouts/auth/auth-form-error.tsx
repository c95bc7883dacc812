import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';

/** What went wrong, above an `AuthForm`'s fields. */
export function AuthFormError({ children }: { children: ReactNode }) {
  return (
    <Alert severity="error" sx={{ mb: 3 }} data-testid="form-error">
      {children}
    </Alert>
  );
}
