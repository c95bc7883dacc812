import Alert from '@mui/material/Alert';
import { dialogClasses } from '@mui/material/Dialog';
import { popoverClasses } from '@mui/material/Popover';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { keyframes } from '@mui/material/styles';
import type { SnackbarSeverity } from './snackbar-context';
import { useToastTimer } from './use-toast-timer';

export type Toast = { key: number; message: string; severity: SnackbarSeverity };

type ToastSnackbarProps = {
  toast: Toast;
  open: boolean;
  onClose: (event?: unknown, reason?: SnackbarCloseReason) => void;
};

// A form's dialog closes as its save shows a toast: over the closing dialog the toast would show at
// the top for a moment and then jump to the foot. Over a dialog it fades in late, once a closing one
// is gone (MUI's dialogs fade out in 195 ms).
const fadeInLate = keyframes`0%, 70% { opacity: 0; }`;

/** The toast itself: loaded with the first message, so the first page's download leaves it out. */
export function ToastSnackbar({ toast, open, onClose }: ToastSnackbarProps) {
  // Not MUI's autoHideDuration: see useToastTimer (a tapped toast stayed up on a phone).
  const holdWhileRead = useToastTimer(open, () => onClose(undefined, 'timeout'));
  return (
    // An open dialog hides the rest of the page from screen readers (aria-hidden on the body's other
    // children as it opens), so a toast drawn inside the page is not read out over the dialog, and a
    // dialog's refused save shows its reason only as a toast. Each toast is mounted anew (keyed), so
    // in a portal it joins the body after any open dialog and is read out.
    <Portal>
      <Snackbar
        open={open}
        onClose={onClose}
        // At the foot of the screen: the layout keeps its controls at the top (the header's menu and
        // account buttons, a page heading's actions, which a toast below the header covered while it
        // showed, and longer while a pointer rested on it), has no bottom bar or floating button, and the
        // main area's bottom padding keeps the end of every page clear of it. A dialog's actions are at
        // its foot (across the screen's foot when it is full screen on a phone), and a row's menu near
        // the foot of the screen opens there, so while either is open the toast shows at the top, over
        // the dialog's title, which holds no control, or over the header a menu leaves inert.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{
          [`body:has(.${dialogClasses.root}, .${popoverClasses.root}) &`]: {
            top: { xs: 8, sm: 24 },
            bottom: 'auto',
            animation: `${fadeInLate} 450ms`,
          },
        }}
      >
        <Alert
          onClose={onClose}
          severity={toast.severity}
          variant="filled"
          data-testid="snackbar"
          sx={{ width: 1, boxShadow: 3 }}
          {...holdWhileRead}
        >
          {toast.message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
