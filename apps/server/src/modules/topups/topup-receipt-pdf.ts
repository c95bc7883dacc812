import { createRequire } from 'node:module';
import { formatDateTime, formatPrice, type Language, type TopUpReceipt } from '@linedesk/shared';
import PDFDocument from 'pdfkit';
import { translate, type ServerTextKey, type TextParams } from '../../i18n/server-texts.js';

// Noto Sans has every letter of the panel's four languages (ł, ż, ã, ß…), which the PDF standard
// fonts (WinAnsi) lack; read from its package where node resolves it, as the server runs.
const packageFiles = createRequire(import.meta.url);
const fonts = {
  regular: packageFiles.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: packageFiles.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

const MARGIN = 56;
const GREY = '#555555';

/**
 * A receipt as an A4 PDF in `language`: seller and buyer with their addresses and tax ids, number and
 * date, the item, price, fee and total, method and references, and what was refunded or undone.
 */
export function receiptPdf(receipt: TopUpReceipt, language: Language): Promise<Buffer> {
  const t = (key: ServerTextKey, params?: TextParams) => translate(language, key, params);
  const money = (cents: number, currency = receipt.currency) => formatPrice(cents, currency, language);
  const date = (iso: string) => formatDateTime(iso, language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: fonts.regular,
    info: { Title: `${t('receipt.title')} ${receipt.receipt_number}`, Producer: 'Linedesk' },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const half = (width - 24) / 2;

  doc.font('bold').fontSize(22).text(t('receipt.title'));
  doc.font('regular').fontSize(10).fillColor(GREY);
  doc.text(`${t('receipt.number')}: ${receipt.receipt_number}`);
  doc.text(`${t('receipt.date')}: ${date(receipt.issued_at)}`);
  doc.fillColor('black').moveDown(1.5);

  // Seller on the left, buyer on the right, each with its lines as given.
  const top = doc.y;
  const seller = receipt.seller;
  const party = (x: number, title: string, lines: string[]) => {
    doc.font('bold').fontSize(9).fillColor(GREY).text(title.toUpperCase(), x, top, { width: half });
    doc.font('regular').fontSize(10).fillColor('black');
    for (const line of lines) doc.text(line, x, doc.y, { width: half });
    return doc.y;
  };
  const sellerBottom = party(
    MARGIN,
    t('receipt.seller'),
    [
      seller.company_name,
      seller.address,
      seller.tax_id ? t('receipt.taxId', { id: seller.tax_id }) : '',
      seller.email,
    ].filter(Boolean),
  );
  const buyer = receipt.buyer;
  const buyerBottom = party(
    MARGIN + half + 24,
    t('receipt.buyer'),
    [
      buyer.name,
      buyer.address,
      buyer.tax_id ? t('receipt.taxId', { id: buyer.tax_id }) : '',
      buyer.email ?? buyer.id,
    ].filter(Boolean),
  );
  doc.x = MARGIN;
  doc.y = Math.max(sellerBottom, buyerBottom) + 24;

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular').fontSize(10.5);
    doc.text(label, MARGIN, y, { width: width * 0.6 });
    const after = doc.y;
    doc.text(value, MARGIN + width * 0.6, y, { width: width * 0.4, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.y += 8;
  };

  doc.font('bold').fontSize(9).fillColor(GREY);
  row(t('receipt.item').toUpperCase(), t('receipt.amount').toUpperCase());
  doc.fillColor('black');
  rule();
  row(
    `${receipt.package_name} · ${t('receipt.credits', { count: receipt.credits })}`,
    money(receipt.price_cents),
  );
  if (receipt.fee_cents > 0) row(t('receipt.fee'), money(receipt.fee_cents));
  rule();
  row(t('receipt.total'), money(receipt.amount_cents), true);
  if (receipt.refunded_cents > 0) row(t('receipt.refunded'), `−${money(receipt.refunded_cents)}`);
  if (receipt.surplus_cents !== null && receipt.surplus_currency) {
    row(t('receipt.surplus'), money(receipt.surplus_cents, receipt.surplus_currency));
  }
  doc.moveDown(1);
  doc.fillColor(GREY);
  row(t('receipt.method'), receipt.method_name ?? receipt.provider ?? '—');
  if (receipt.provider_payment_id) row(t('receipt.paymentId'), receipt.provider_payment_id);
  const reference = [receipt.reference_code, receipt.payment_reference].filter(Boolean).join(' · ');
  if (reference) row(t('receipt.reference'), reference);
  doc.fillColor('black');
  if (receipt.reversal || receipt.revocation) {
    doc.moveDown(1).font('bold').fontSize(10.5).fillColor('#b71c1c');
    if (receipt.reversal) {
      doc.text(t(`receipt.reversal.${receipt.reversal.state}`, { date: date(receipt.reversal.at) }), MARGIN);
    }
    if (receipt.revocation) {
      doc.text(
        t('receipt.revoked', { date: date(receipt.revocation.at), reason: receipt.revocation.reason }),
        MARGIN,
      );
    }
    doc.fillColor('black');
  }
  doc.end();
  return done;
}
