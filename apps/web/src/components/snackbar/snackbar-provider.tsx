import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState, type ReactNode } from 'react';
import { SnackbarContext, type SnackbarSeverity } from './snackbar-context';

type Toast = { key: number; message: string; severity: SnackbarSeverity };

/** One toast at a time: a new message replaces the current one. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

  const show = useCallback((message: string, severity: SnackbarSeverity = 'success') => {
    setToast({ key: Date.now(), message, severity });
    setOpen(true);
  }, []);

  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <SnackbarContext value={show}>
      {children}
      <Snackbar
        key={toast?.key}
        open={open}
        autoHideDuration={5000}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Alert
          onClose={close}
          severity={toast?.severity ?? 'success'}
          variant="filled"
          data-testid="snackbar"
          sx={{ width: 1, boxShadow: 3 }}
        >
          {toast?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext>
  );
}
