import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { authApi } from '../api/auth-api';

type State = { kind: 'idle' } | { kind: 'pending' } | { kind: 'sent' } | { kind: 'failed'; error: unknown };

/**
 * Under a sign-in refused for an unconfirmed email: asks for the confirmation mail again. The server
 * answers every address alike, so the text says what happens if the account exists. Plain state, not
 * TanStack Query: the sign-in page loads without the query cache.
 */
export function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const resend = async () => {
    setState({ kind: 'pending' });
    try {
      await authApi.resendConfirmation(email);
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'failed', error });
    }
  };

  return (
    <Box sx={{ mt: 1.5 }}>
      {state.kind === 'sent' ? (
        <Typography variant="body2" role="status" data-testid="resend-confirmation-sent">
          {t('auth.resend.sent')}
        </Typography>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          loading={state.kind === 'pending'}
          onClick={() => void resend()}
          data-testid="resend-confirmation"
        >
          {t('auth.resend.button')}
        </Button>
      )}
      {state.kind === 'failed' && (
        <Typography variant="body2" role="alert" sx={{ mt: 1 }} data-testid="resend-confirmation-error">
          {errorMessage(state.error)}
        </Typography>
      )}
    </Box>
  );
}
