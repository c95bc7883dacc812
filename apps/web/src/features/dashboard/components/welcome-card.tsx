import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../routes/paths';
import { useAccount } from '../../auth/hooks/account-context';

export function WelcomeCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const name = account.full_name || account.username;

  return (
    <Card
      data-testid="welcome-card"
      sx={(theme) => ({
        p: { xs: 3, md: 5 },
        color: 'common.white',
        background: `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.darker} 100%)`,
        overflow: 'hidden',
      })}
    >
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          right: -60,
          top: -60,
          width: 240,
          height: 240,
          borderRadius: '50%',
          bgcolor: 'rgba(255, 255, 255, 0.08)',
        }}
      />
      <Box sx={{ position: 'relative', maxWidth: 560 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 1 }} data-testid="welcome-name">
          {t('dashboard.welcome', { name })}
        </Typography>
        <Typography sx={{ opacity: 0.8, mb: 3 }}>{t('dashboard.welcomeText')}</Typography>
        <Button component={RouterLink} to={paths.profileEdit} variant="contained" color="primary">
          {t('dashboard.goToProfile')}
        </Button>
      </Box>
    </Card>
  );
}
