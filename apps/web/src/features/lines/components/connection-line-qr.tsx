import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { QRCodeSVG } from 'qrcode.react';

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
      <QRCodeSVG
        value={text}
        size={size}
        marginSize={1}
        title={label}
        role="img"
        aria-label={label}
        data-testid={testId}
      />
    </Box>
  );
}
