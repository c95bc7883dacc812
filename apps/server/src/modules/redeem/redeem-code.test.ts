import { REDEEM_CODE_ALPHABET, formatRedeemCode, normalizeRedeemCode } from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { generateRedeemCode, hashRedeemCode, redeemCodeHint } from './redeem-code.js';

describe('redeem codes', () => {
  it('are 16 characters of the unambiguous alphabet, every letter of it in use, without repeats', () => {
    const codes = Array.from({ length: 5000 }, generateRedeemCode);
    expect(new Set(codes).size).toBe(codes.length);
    const seen = new Set(codes.join(''));
    expect([...seen].sort().join('')).toBe([...REDEEM_CODE_ALPHABET].sort().join(''));
    for (const code of codes.slice(0, 50)) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
  });

  it('accept what users type: lower case, spaces and dashes', () => {
    const code = generateRedeemCode();
    const shown = formatRedeemCode(code);
    expect(shown).toMatch(/^(\w{4}-){3}\w{4}$/);
    expect(normalizeRedeemCode(` ${shown.toLowerCase()} `)).toBe(code);
    expect(hashRedeemCode(normalizeRedeemCode(shown))).toBe(hashRedeemCode(code));
  });

  it('show only their last group in lists', () => {
    expect(redeemCodeHint('ABCDEFGHJKLMNPQR')).toBe('••••-••••-••••-NPQR');
  });
});
