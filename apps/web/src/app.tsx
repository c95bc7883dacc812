import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { SnackbarProvider } from './components/snackbar/snackbar-provider';
import { queryClient } from './query-client';
import { router } from './routes/router';
import { ThemeProvider } from './theme/theme-provider';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
