import { createContext } from 'react';

export type SnackbarSeverity = 'success' | 'error' | 'info' | 'warning';
export type ShowSnackbar = (message: string, severity?: SnackbarSeverity) => void;

export const SnackbarContext = createContext<ShowSnackbar | null>(null);
