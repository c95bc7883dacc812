import { zodResolver } from '@hookform/resolvers/zod';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormTextField } from '../../../components/form/form-text-field';
import { useAppLanguage } from '../../../i18n/use-app-language';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { paths } from '../../../lib/paths';
import { useSignUp } from '../hooks/use-auth-mutations';
import { signUpFormSchema, type SignUpFormValues } from './auth-schemas';
import { AuthForm } from '../../../layouts/auth/auth-form';
import { AuthFormError } from '../../../layouts/auth/auth-form-error';

function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 2 }} data-testid="sign-up-success">
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'primary.lighter',
          color: 'primary.dark',
        }}
      >
        <MarkEmailReadOutlinedIcon sx={{ fontSize: 36 }} />
      </Box>
      <Typography variant="h5" component="h1">
        {t('auth.signUp.checkEmailTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <Trans i18nKey="auth.signUp.checkEmailText" values={{ email }} components={{ strong: <strong /> }} />
      </Typography>
      <Button component={RouterLink} to={paths.signIn} variant="outlined" color="inherit" sx={{ mt: 1 }}>
        {t('auth.backToSignIn')}
      </Button>
    </Stack>
  );
}

export function SignUpForm() {
  const { t } = useTranslation();
  const { language } = useAppLanguage();
  const errorMessage = useErrorMessage();
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { full_name: '', email: '', password: '', username: '' },
  });

  const onSubmit = handleSubmit((values) => {
    const email = values.email.trim();
    // full_name is sent empty when absent, username defaults to the email (docs/spec-rules.md, "Sign-up fields").
    const body = {
      email,
      password: values.password,
      full_name: values.full_name.trim(),
      username: values.username.trim() || email,
      language,
    };
    signUp.mutate(body, { onSuccess: () => setSentTo(email) });
  });

  if (sentTo) return <CheckEmail email={sentTo} />;

  return (
    <AuthForm
      title={t('auth.signUp.title')}
      text={
        <>
          {t('auth.signUp.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.signIn} variant="subtitle2">
            {t('auth.signUp.signInLink')}
          </Link>
        </>
      }
      onSubmit={onSubmit}
      error={signUp.isError && <AuthFormError>{errorMessage(signUp.error)}</AuthFormError>}
      testId="sign-up-form"
    >
      <FormTextField
        control={control}
        name="full_name"
        label={t('fields.fullName')}
        autoComplete="name"
        autoFocus
      />
      <FormTextField
        control={control}
        name="email"
        type="email"
        label={t('fields.email')}
        autoComplete="email"
      />
      <FormTextField
        control={control}
        name="password"
        password
        label={t('fields.password')}
        autoComplete="new-password"
        helperText={t('auth.signUp.passwordHint')}
      />
      <FormTextField
        control={control}
        name="username"
        label={t('fields.usernameOptional')}
        autoComplete="username"
        helperText={t('auth.signUp.usernameHint')}
      />
      <Button
        type="submit"
        size="large"
        variant="contained"
        color="inherit"
        fullWidth
        loading={signUp.isPending}
        data-testid="sign-up-submit"
        sx={{ bgcolor: 'grey.800', color: 'common.white', '&:hover': { bgcolor: 'grey.700' } }}
      >
        {t('auth.signUp.submit')}
      </Button>
    </AuthForm>
  );
}
