import { formatNumber } from '../../../lib/number-format';

/** 150 basis points → "1.5 %" in the reader's number format. */
export function formatFeePercent(feeBps: number, locale: string | undefined): string {
  return `${formatNumber(feeBps / 100, locale, { maximumFractionDigits: 2 })} %`;
}
