import { createHash, randomBytes } from 'node:crypto';
import { REDEEM_CODE_ALPHABET, REDEEM_CODE_LENGTH, formatRedeemCode } from '@linedesk/shared';

/** 16 characters from a 32-letter alphabet: 80 bits from the OS's CSPRNG, unbiased (256 % 32 = 0). */
export function generateRedeemCode(): string {
  const bytes = randomBytes(REDEEM_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += REDEEM_CODE_ALPHABET[byte % REDEEM_CODE_ALPHABET.length];
  return code;
}

/** What the database keeps instead of the code (input already normalized). */
export function hashRedeemCode(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}

/** `••••-••••-••••-NPQR`: tells codes apart in lists and history without revealing them. */
export function redeemCodeHint(normalized: string): string {
  const tail = normalized.slice(-4);
  return formatRedeemCode('•'.repeat(Math.max(REDEEM_CODE_LENGTH - tail.length, 0)) + tail);
}

export { formatRedeemCode };
