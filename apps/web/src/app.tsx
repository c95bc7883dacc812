import { BrowserRouter } from 'react-router';
import { SnackbarProvider } from './components/snackbar/snackbar-provider';
import { AppRoutes } from './routes/app-routes';
import { ThemeProvider } from './theme/theme-provider';

// TanStack Query's provider comes with each lazily loaded page (lib/page-providers.tsx), so the
// sign-in page's first download leaves it out.
export function App() {
  return (
    <ThemeProvider>
      <SnackbarProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
