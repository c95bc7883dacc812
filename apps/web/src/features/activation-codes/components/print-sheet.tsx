import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';
import { formatActivationCode, type ActivationCode, type Language } from '@linedesk/shared';
import type { TFunction } from 'i18next';
import { QRCodeSVG } from 'qrcode.react';
import { durationLabel } from '../../lines/lib/duration-label';
import { activationSteps, portalActivationUrl } from '../lib/code-handout';

type PrintSheetProps = {
  codes: ActivationCode[];
  /** The customer portal's public address, printed on every card. */
  portalAddress: string;
  /** The customer's language, which the seller picked: the sheet's texts are in it. */
  language: Language;
  t: TFunction;
};

/**
 * The sheet the browser prints: only this (the app is hidden while printing), one card per code, to
 * cut apart and hand out. Each card carries all a customer needs: the code in large type, its term,
 * a QR code that opens the portal's activation page with the code filled in, the portal's address
 * to type instead, and the steps from the code to a working line, in the customer's language.
 */
export function PrintSheet({ codes, portalAddress, language, t }: PrintSheetProps) {
  const steps = activationSteps(t, portalAddress);
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
          lang={language}
          data-testid="print-sheet"
          sx={{
            display: 'none',
            gridTemplateColumns: codes.length === 1 ? '1fr' : 'repeat(2, 1fr)',
            gap: '8mm',
            p: '8mm',
            color: '#000',
            bgcolor: '#fff',
          }}
        >
          {codes.map((code) => {
            const shown = formatActivationCode(code.code);
            return (
              <Box
                key={code.id}
                data-testid="print-card"
                sx={{
                  border: '1px dashed #666',
                  borderRadius: 1,
                  p: 2,
                  breakInside: 'avoid',
                  maxWidth: codes.length === 1 ? '110mm' : undefined,
                }}
              >
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                  <QRCodeSVG value={portalActivationUrl(portalAddress, shown)} size={96} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      sx={{ fontFamily: 'monospace', fontSize: 22, fontWeight: 700, letterSpacing: 1 }}
                      data-testid="print-code"
                    >
                      {shown}
                    </Typography>
                    <Typography variant="body2">
                      {code.is_trial
                        ? t('activationCodes.trial')
                        : (durationLabel(t, code.subscription_months ?? 0) ??
                          t('linePlans.months', { count: code.subscription_months ?? 0 }))}
                    </Typography>
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                      data-testid="print-address"
                    >
                      {portalAddress}
                    </Typography>
                  </Box>
                </Box>
                <Box component="ol" sx={{ m: 0, mt: 1, pl: 2.5, fontSize: 12 }} data-testid="print-steps">
                  {steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Portal>
    </>
  );
}
