import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { OutlinedTextField } from '../../../components/form/outlined-text-field';
import { useErrorMessage, useValidationMessage } from '../../../i18n/use-error-message';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { isTwoFactorChallenge } from '../../account-security/lib/two-factor-challenge';
import { signInApi } from '../api/sign-in-api';
import { cacheMe } from '../lib/cache-me';
import type { SignInFormValues } from './auth-schemas';
import { returnToPath } from './return-to';

// Shown only after a refused sign-in, so it is not part of the page's first download.
const Alert = lazy(() => import('@mui/material/Alert'));
const ResendConfirmation = lazy(() =>
  import('./resend-confirmation').then((module) => ({ default: module.ResendConfirmation })),
);

type Field = keyof SignInFormValues;
type FieldErrors = Partial<Record<Field, string>>;

/** The shared zod schema's verdict (its messages are error codes); zod downloads on the first check. */
async function validate(values: SignInFormValues): Promise<FieldErrors> {
  const { signInFormSchema } = await import('./auth-schemas');
  const result = signInFormSchema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The sign-in form with plain React state: the page is the app's first download, so it does without
 * react-hook-form and TanStack Query (both load with the next page). It behaves as the app's other
 * forms do: checked by the shared schema on submit, then again on every change; the first wrong field
 * takes the focus; the server's refusal is shown translated above the fields.
 */
/**
 * Whether sign-up is open, as the server says: the link shows only then (the server refuses sign-up
 * when an admin closed it). `undefined` until the answer comes: the link's line then keeps its place
 * unseen, so a closed panel never flashes it and an open one does not move the form when it shows.
 */
function useSignUpOpen(): boolean | undefined {
  const [open, setOpen] = useState<boolean>();
  useEffect(() => {
    const abort = new AbortController();
    signInApi
      .getSignUpSettings(abort.signal)
      .then((settings) => setOpen(settings.open))
      // Without an answer the link shows: the sign-up page says so if it is closed.
      .catch(() => {
        if (!abort.signal.aborted) setOpen(true);
      });
    return () => abort.abort();
  }, []);
  return open;
}

export function SignInForm() {
  const { t } = useTranslation();
  const signUpOpen = useSignUpOpen();
  const errorMessage = useErrorMessage();
  const validationMessage = useValidationMessage();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<SignInFormValues>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // The address of the refused attempt, for asking its confirmation mail again.
  const [triedEmail, setTriedEmail] = useState('');
  const [passwordVisible, setPasswordVisible] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) void validate(next).then(setFieldErrors);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const errors = await validate(values);
    setFieldErrors(errors);
    const firstWrong = (['email', 'password'] as const).find((field) => errors[field]);
    if (firstWrong) {
      inputs.current[firstWrong]?.focus();
      return;
    }
    setPending(true);
    setError(null);
    try {
      const email = values.email.trim();
      setTriedEmail(email);
      const result = await signInApi.signIn({ email, password: values.password });
      // With two-factor sign-in on, the code is asked on its own page, which keeps the return path.
      if (isTwoFactorChallenge(result)) {
        await navigate(paths.signInTwoFactor, { state: location.state });
        return;
      }
      await cacheMe(result);
      await navigate(returnToPath(location.state), { replace: true });
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="sign-in-form">
      <Stack sx={{ gap: 1, mb: 4 }}>
        <Typography variant="h5" component="h1">
          {t('auth.signIn.title')}
        </Typography>
        {signUpOpen !== false && (
          <Typography
            variant="body2"
            sx={{ color: 'text.secondary', visibility: signUpOpen ? 'visible' : 'hidden' }}
            aria-hidden={!signUpOpen}
            data-testid="sign-up-offer"
          >
            {t('auth.signIn.noAccount')}{' '}
            <Link component={RouterLink} to={paths.signUp} variant="subtitle2">
              {t('auth.signIn.getStarted')}
            </Link>
          </Typography>
        )}
      </Stack>

      {error !== null && (
        <Suspense fallback={null}>
          <Alert severity="error" sx={{ mb: 3 }} data-testid="form-error">
            {errorMessage(error)}
            {isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED' && (
              <ResendConfirmation key={triedEmail} email={triedEmail} />
            )}
          </Alert>
        </Suspense>
      )}

      <Stack sx={{ gap: 3 }}>
        <OutlinedTextField
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          autoFocus
          value={values.email}
          onChange={change('email')}
          inputRef={(input: HTMLInputElement | null) => {
            inputs.current.email = input;
          }}
          error={Boolean(fieldErrors.email)}
          helperText={validationMessage(fieldErrors.email)}
          testId="field-email"
        />
        <OutlinedTextField
          name="password"
          type={passwordVisible ? 'text' : 'password'}
          label={t('fields.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          inputRef={(input: HTMLInputElement | null) => {
            inputs.current.password = input;
          }}
          error={Boolean(fieldErrors.password)}
          helperText={validationMessage(fieldErrors.password)}
          testId="field-password"
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                edge="end"
                onClick={() => setPasswordVisible((visible) => !visible)}
                aria-label={passwordVisible ? t('common.hidePassword') : t('common.showPassword')}
              >
                {passwordVisible ? <VisibilityIcon /> : <VisibilityOffIcon />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          color="inherit"
          fullWidth
          loading={pending}
          data-testid="sign-in-submit"
          sx={{ bgcolor: 'grey.800', color: 'common.white', '&:hover': { bgcolor: 'grey.700' } }}
        >
          {t('auth.signIn.submit')}
        </Button>
      </Stack>
    </Box>
  );
}
