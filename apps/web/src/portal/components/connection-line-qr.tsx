import { QRCodeSVG } from 'qrcode.react';

/**
 * The connection line as a QR code a receiver's app can scan, framed white. SVG elements, so the
 * page's Content-Security-Policy needs no image data. Loaded with the line page only
 * (`portal-line-summary.tsx`): the sign-in page never needs the QR library.
 */
export function ConnectionLineQr({ text, label }: { text: string; label: string }) {
  return (
    <div className="qr">
      <QRCodeSVG
        value={text}
        size={160}
        marginSize={1}
        title={label}
        role="img"
        aria-label={label}
        data-testid="portal-connection-qr"
      />
    </div>
  );
}
