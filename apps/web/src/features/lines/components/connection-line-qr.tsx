import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { QRCodeSVG } from 'qrcode.react';
import { useDeferredValue } from 'react';

type ConnectionLineQrProps = {
  text: string;
  size: number;
  label: string;
  testId: string;
  /** Where the framed code sits in its parent (grid or flex placement). */
  sx?: SxProps<Theme>;
};

/** A connection line as a QR code a receiver's app can scan, framed white so it scans in dark mode too. */
export function ConnectionLineQr({ text, size, label, testId, sx }: ConnectionLineQrProps) {
  // Making the code (it tries each of its eight masks) is several times the work of the card around it,
  // so it is drawn in the render after the card has shown, in a box of its size meanwhile.
  const drawn = useDeferredValue(true, false);
  return (
    <Box
      sx={[
        {
          p: 1,
          bgcolor: 'common.white',
          borderRadius: 1,
          display: 'inline-flex',
          border: 1,
          borderColor: 'divider',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {/* SVG elements, so the page's Content-Security-Policy needs no image data. */}
      {drawn ? (
        <QRCodeSVG
          value={text}
          size={size}
          marginSize={1}
          title={label}
          role="img"
          aria-label={label}
          data-testid={testId}
        />
      ) : (
        <Box sx={{ width: size, height: size }} />
      )}
    </Box>
  );
}
