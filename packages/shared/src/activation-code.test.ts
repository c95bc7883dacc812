import { describe, expect, it } from 'vitest';
import { formatActivationCode, normalizeActivationCode } from './activation-code.js';

describe('an activation code as people see it', () => {
  it('is shown in four dashed groups whatever form it is stored or typed in', () => {
    for (const input of [
      'ABCDEFGHJKLMNPQR',
      'abcd efgh jklm npqr',
      'ABCD-EFGH-JKLM-NPQR',
      ' abcd-EFGH jklmnpqr ',
    ]) {
      expect(formatActivationCode(input)).toBe('ABCD-EFGH-JKLM-NPQR');
    }
  });

  it('is looked up without its dashes', () => {
    expect(normalizeActivationCode(formatActivationCode('abcdefghjklmnpqr'))).toBe('ABCDEFGHJKLMNPQR');
  });
});
