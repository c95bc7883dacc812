import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Cancel, Escape and a click outside; none of them while the form is being saved. */
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** `error` for a submit that refuses or removes something. */
  submitColor?: 'primary' | 'error';
  /** The save is under way: the submit button spins and cancelling waits. */
  pending: boolean;
  /** The API's refusal in the reader's language, shown above the fields; null = none. */
  errorText: string | null;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** After the closing animation, e.g. to clear the last refusal without it flashing away. */
  onExited?: () => void;
  formTestId?: string;
  submitTestId?: string;
  errorTestId?: string;
  children: ReactNode;
};

/** A dialog holding one form: title, the API's refusal, the fields, then cancel and submit. */
export function FormDialog(props: FormDialogProps) {
  const { open, title, onClose, onSubmit, submitLabel, pending, errorText, maxWidth = 'sm' } = props;
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      slotProps={props.onExited ? { transition: { onExited: props.onExited } } : undefined}
    >
      <Box component="form" noValidate onSubmit={onSubmit} data-testid={props.formTestId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 3, pt: 1 }}>
            {errorText !== null && (
              <Alert severity="error" data-testid={props.errorTestId}>
                {errorText}
              </Alert>
            )}
            {props.children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={props.submitColor}
            loading={pending}
            data-testid={props.submitTestId}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
