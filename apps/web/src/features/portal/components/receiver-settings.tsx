import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReceiverSetting } from '@linedesk/shared';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../lines/components/copy-button';

/** Ready settings for common receivers, each with its copy button. */
export function ReceiverSettings({ settings }: { settings: ReceiverSetting[] }) {
  const { t } = useTranslation();
  if (settings.length === 0) return null;
  return (
    <Stack sx={{ gap: 2 }} data-testid="portal-receiver-settings">
      <Typography variant="h6" component="h2">
        {t('portal.receivers.title')}
      </Typography>
      {settings.map((setting) => (
        <Box key={setting.kind}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2" component="h3">
              {t(`portal.receivers.${setting.kind}`)}
            </Typography>
            <CopyButton
              text={setting.text}
              label={t('portal.receivers.copy', { name: t(`portal.receivers.${setting.kind}`) })}
              testId={`portal-copy-${setting.kind}`}
            />
          </Stack>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 1.5,
              borderRadius: 1.5,
              bgcolor: 'background.neutral',
              fontSize: 13,
              fontFamily: 'monospace',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
            }}
          >
            {setting.text}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
