import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';

export function LoadingScreen({ fullScreen = true }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 320,
        px: 5,
      }}
    >
      <LinearProgress aria-label={t('common.loading')} sx={{ width: 1, maxWidth: 360 }} />
    </Box>
  );
}
