import { useContext } from 'react';
import { SnackbarContext } from './snackbar-context';

export function useSnackbar() {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return show;
}
