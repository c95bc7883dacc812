import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { layoutConfig } from '../../layouts/layout-config';
import type { SnackbarSeverity } from './snackbar-context';

export type Toast = { key: number; message: string; severity: SnackbarSeverity };

type ToastSnackbarProps = {
  toast: Toast;
  open: boolean;
  onClose: (event?: unknown, reason?: SnackbarCloseReason) => void;
};

/** The toast itself: loaded with the first message, so the first page's download leaves it out. */
export function ToastSnackbar({ toast, open, onClose }: ToastSnackbarProps) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={5000}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      // Below the header, not over it: on a phone a toast spans the whole width, and over the header
      // it would hide the menu and account buttons for as long as it shows (and longer while a
      // finger or pointer rests on it, which pauses its timer).
      sx={{
        top: {
          xs: layoutConfig.headerMobileHeight + 8,
          [layoutConfig.desktopBreakpoint]: layoutConfig.headerDesktopHeight + 8,
        },
      }}
    >
      <Alert
        onClose={onClose}
        severity={toast.severity}
        variant="filled"
        data-testid="snackbar"
        sx={{ width: 1, boxShadow: 3 }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
