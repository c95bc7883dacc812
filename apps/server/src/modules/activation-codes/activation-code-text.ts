import { randomBytes } from 'node:crypto';
import { ACTIVATION_CODE_ALPHABET, ACTIVATION_CODE_LENGTH } from '@linedesk/shared';

/**
 * 16 characters from a 32-letter alphabet without look-alikes: 80 bits from the OS's CSPRNG,
 * unbiased (256 % 32 = 0), so a code cannot be guessed from the ones a reseller printed before it.
 */
export function generateActivationCode(): string {
  let code = '';
  for (const byte of randomBytes(ACTIVATION_CODE_LENGTH)) {
    code += ACTIVATION_CODE_ALPHABET[byte % ACTIVATION_CODE_ALPHABET.length];
  }
  return code;
}
