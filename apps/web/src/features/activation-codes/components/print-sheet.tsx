import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';
import type { ActivationCode } from '@linedesk/shared';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { durationLabel } from '../../lines/lib/duration-label';

/** The portal's activation page with the code filled in, on this panel's own address. */
function portalActivationUrl(code: string): string {
  return `${window.location.origin}${paths.portalActivate}?code=${encodeURIComponent(code)}`;
}

/**
 * The sheet the browser prints: only this (the app is hidden while printing), one tile per code with
 * the code in large type and a QR code that opens the customer portal's activation page with the
 * code filled in, so a customer can type it or scan it.
 */
export function PrintSheet({ codes }: { codes: ActivationCode[] }) {
  const { t } = useTranslation();
  return (
    <>
      <GlobalStyles
        styles={{
          '@media print': {
            'body > *:not(#activation-print-sheet)': { display: 'none !important' },
            '#activation-print-sheet': { display: 'grid !important' },
          },
        }}
      />
      {/* A child of body, so printing can hide everything else (the app's root and its dialogs). */}
      <Portal>
        <Box
          id="activation-print-sheet"
          data-testid="print-sheet"
          sx={{
            display: 'none',
            gridTemplateColumns: 'repeat(2, 1fr)',
            gap: '8mm',
            p: '8mm',
            color: '#000',
            bgcolor: '#fff',
          }}
        >
          {codes.map((code) => (
            <Box
              key={code.id}
              sx={{
                border: '1px dashed #666',
                borderRadius: 1,
                p: 2,
                display: 'flex',
                gap: 2,
                alignItems: 'center',
                breakInside: 'avoid',
              }}
            >
              <QRCodeSVG value={portalActivationUrl(code.code)} size={96} />
              <Box>
                <Typography sx={{ fontFamily: 'monospace', fontSize: 24, fontWeight: 700, letterSpacing: 1 }}>
                  {code.code}
                </Typography>
                <Typography variant="body2">
                  {code.is_trial
                    ? t('activationCodes.trial')
                    : (durationLabel(t, code.subscription_months ?? 0) ??
                      t('linePlans.months', { count: code.subscription_months ?? 0 }))}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      </Portal>
    </>
  );
}
