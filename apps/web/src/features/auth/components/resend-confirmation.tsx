import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { authApi } from '../api/auth-api';

/**
 * Under a sign-in refused for an unconfirmed email: asks for the confirmation mail again. The server
 * answers every address alike, so the text says what happens if the account exists.
 */
export function ResendConfirmation({ email }: { email: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const resend = useMutation({ mutationFn: authApi.resendConfirmation });

  return (
    <Box sx={{ mt: 1.5 }}>
      {resend.isSuccess ? (
        <Typography variant="body2" role="status" data-testid="resend-confirmation-sent">
          {t('auth.resend.sent')}
        </Typography>
      ) : (
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          loading={resend.isPending}
          onClick={() => resend.mutate(email)}
          data-testid="resend-confirmation"
        >
          {t('auth.resend.button')}
        </Button>
      )}
      {resend.isError && (
        <Typography variant="body2" role="alert" sx={{ mt: 1 }} data-testid="resend-confirmation-error">
          {errorMessage(resend.error)}
        </Typography>
      )}
    </Box>
  );
}
