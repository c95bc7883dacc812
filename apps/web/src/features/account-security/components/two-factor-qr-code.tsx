import Box from '@mui/material/Box';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

/** The authenticator URI as a QR code, drawn as SVG elements (no inline script or image data). */
export function TwoFactorQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ p: 1.5, bgcolor: 'common.white', borderRadius: 1, display: 'inline-flex', alignSelf: 'center' }}
    >
      <QRCodeSVG
        value={uri}
        size={176}
        marginSize={2}
        title={t('accountSecurity.setup.qrLabel')}
        role="img"
        aria-label={t('accountSecurity.setup.qrLabel')}
        data-testid="two-factor-qr"
      />
    </Box>
  );
}
