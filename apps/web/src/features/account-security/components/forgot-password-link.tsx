import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';

/** Under the sign-in form: the way to a reset mail (its text is in the sign-in page's own texts). */
export function ForgotPasswordLink() {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2, textAlign: 'right' }}>
      <Link
        component={RouterLink}
        to={paths.forgotPassword}
        variant="body2"
        color="inherit"
        data-testid="forgot-password-link"
      >
        {t('auth.signIn.forgotLink')}
      </Link>
    </Box>
  );
}
