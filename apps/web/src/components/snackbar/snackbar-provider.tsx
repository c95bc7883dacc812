import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { SnackbarContext, type SnackbarSeverity } from './snackbar-context';
import type { Toast } from './toast-snackbar';

const ToastSnackbar = lazy(() =>
  import('./toast-snackbar').then((module) => ({ default: module.ToastSnackbar })),
);

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
      {toast && (
        <Suspense fallback={null}>
          <ToastSnackbar key={toast.key} toast={toast} open={open} onClose={close} />
        </Suspense>
      )}
    </SnackbarContext>
  );
}
