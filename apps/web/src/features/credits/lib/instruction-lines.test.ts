import { describe, expect, it } from 'vitest';
import { instructionLines } from './instruction-lines';

describe('instructionLines', () => {
  it('marks IBAN, BIC, wallet and account lines for copying, the IBAN without spaces', () => {
    const lines = instructionLines(
      [
        'IBAN: DE89 3704 0044 0532 0130 00',
        'BIC: COBADEFFXXX',
        'Adresse: TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
        'Konto: 12 3456 7890',
        'Put the reference shown below on the transfer.',
        'Note: please pay within three days so we can credit you quickly',
        'See https://example.com/pay',
      ].join('\n'),
    );
    expect(lines.map((line) => line.copy)).toEqual([
      'DE89370400440532013000',
      'COBADEFFXXX',
      'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      '12 3456 7890',
      undefined,
      undefined,
      undefined,
    ]);
    expect(lines[0]).toMatchObject({ label: 'IBAN', value: 'DE89 3704 0044 0532 0130 00' });
  });

  it('keeps lines as written, one per line', () => {
    expect(instructionLines('Pay to\r\nExample GmbH').map((line) => line.text)).toEqual([
      'Pay to',
      'Example GmbH',
    ]);
  });
});
