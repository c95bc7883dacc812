import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordSchema } from '@linedesk/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useAcceptInvite } from '../hooks/use-accounts';

const schema = z
  .object({ password: passwordSchema, confirm_password: z.string() })
  .refine((values) => values.password === values.confirm_password, {
    path: ['confirm_password'],
    error: 'PASSWORDS_DO_NOT_MATCH',
  });
type Values = z.infer<typeof schema>;

/** The invite link's page: a new account chooses its first password, then signs in. */
export function SetPasswordForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [params] = useSearchParams();
  const token = params.get('token');
  const accept = useAcceptInvite();
  const { control, handleSubmit } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm_password: '' },
  });

  if (accept.isSuccess) {
    return (
      <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 2 }} data-testid="set-password-done">
        <CheckCircleOutlinedIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1">
          {t('resellers.invite.doneTitle')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('resellers.invite.doneText')}</Typography>
        <Button
          component={RouterLink}
          to={paths.signIn}
          variant="contained"
          data-testid="set-password-sign-in"
        >
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    );
  }

  const failure = !token
    ? new ApiError(400, 'INVALID_TOKEN', 'Missing token')
    : accept.isError
      ? accept.error
      : null;

  return (
    <Box
      component="form"
      noValidate
      data-testid="set-password-form"
      onSubmit={handleSubmit((values) => {
        if (token) accept.mutate({ token, password: values.password });
      })}
    >
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('resellers.invite.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4 }}>
        {t('resellers.invite.text')}
      </Typography>
      <Stack sx={{ gap: 3 }}>
        {failure && (
          <Alert severity="error" data-testid="set-password-error">
            {errorMessage(failure)}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="password"
          label={t('fields.newPassword')}
          password
          autoComplete="new-password"
          helperText={t('auth.signUp.passwordHint')}
        />
        <FormTextField
          control={control}
          name="confirm_password"
          label={t('fields.confirmPassword')}
          password
          autoComplete="new-password"
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          loading={accept.isPending}
          disabled={!token}
          data-testid="set-password-submit"
        >
          {t('resellers.invite.submit')}
        </Button>
        <Button component={RouterLink} to={paths.signIn} color="inherit">
          {t('auth.backToSignIn')}
        </Button>
      </Stack>
    </Box>
  );
}
