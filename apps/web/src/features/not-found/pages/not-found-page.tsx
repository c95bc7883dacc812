import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../../../layouts/auth/auth-layout';
import { paths } from '../../../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout maxWidth={480}>
      <title>{`${t('notFound.title')} | Linedesk`}</title>
      <Stack sx={{ alignItems: 'center', textAlign: 'center', gap: 2 }} data-testid="not-found">
        <Typography
          component="p"
          sx={{ fontSize: 96, fontWeight: 800, lineHeight: 1, color: 'primary.main', letterSpacing: -2 }}
        >
          404
        </Typography>
        <Typography variant="h4" component="h1">
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('notFound.text')}</Typography>
        <Button component={RouterLink} to={paths.root} variant="contained" size="large" sx={{ mt: 1 }}>
          {t('notFound.goHome')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
