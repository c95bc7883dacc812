import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { useErrorMessage } from '../../../i18n/use-error-message';
import { AuthForm } from '../../../layouts/auth/auth-form';
import { AuthFormError } from '../../../layouts/auth/auth-form-error';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';
import { usePortalActivate, usePortalMe } from '../hooks/use-portal';

/**
 * Activate a code (the printed sheet's QR opens this page with `?code=` filled in): signed out it
 * becomes a new line and the customer is signed in to it; signed in it renews the customer's line.
 */
export function PortalActivatePage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [code, setCode] = useState(search.get('code') ?? '');
  const me = usePortalMe();
  const activate = usePortalActivate();

  if (me.isPending) return <LoadingScreen />;
  const renewing = Boolean(me.data);
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    activate.mutate({ code: code.trim() }, { onSuccess: () => void navigate(paths.portal) });
  };

  return (
    <AuthLayout>
      <title>{`${t('portal.activate.title')} | Linedesk`}</title>
      <AuthForm
        title={t('portal.activate.title')}
        text={
          renewing
            ? t('portal.activate.renewText', { username: me.data?.username })
            : t('portal.activate.text')
        }
        onSubmit={onSubmit}
        error={activate.isError && <AuthFormError>{errorMessage(activate.error)}</AuthFormError>}
        testId="portal-activate-form"
      >
        <TextField
          label={t('portal.fields.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoFocus={!code}
          autoComplete="off"
          slotProps={{
            htmlInput: {
              'data-testid': 'portal-code',
              autoCapitalize: 'characters',
              spellCheck: false,
              style: { fontFamily: 'monospace', letterSpacing: 1 },
            },
          }}
        />
        <Button
          type="submit"
          size="large"
          variant="contained"
          fullWidth
          disabled={!code.trim()}
          loading={activate.isPending}
          data-testid="portal-activate-submit"
        >
          {renewing ? t('portal.activate.renew') : t('portal.activate.submit')}
        </Button>
        <Link
          component={RouterLink}
          to={renewing ? paths.portal : paths.portalSignIn}
          variant="subtitle2"
          sx={{ alignSelf: 'center' }}
        >
          {renewing ? t('portal.activate.backToLine') : t('portal.activate.haveLine')}
        </Link>
      </AuthForm>
    </AuthLayout>
  );
}
