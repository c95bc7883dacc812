import { text } from './schema-blocks.js';

/**
 * The 14-byte DES key NewCamd clients ship with; a server keeps it until an admin sets its own.
 * Stored as 28 hexadecimal characters, shown in the `N:` line as 14 space-separated bytes.
 */
export const DEFAULT_NEWCAMD_DES_KEY = '0102030405060708091011121314';

/** Spaces, colons and dashes between the bytes are how keys are usually pasted; they are dropped. */
export function normalizeNewcamdDesKey(value: string): string {
  return value.replace(/[\s:-]/g, '').toUpperCase();
}

export function isNewcamdDesKey(value: string): boolean {
  return /^[0-9A-F]{28}$/.test(normalizeNewcamdDesKey(value));
}

/** A server's key as a body may send it: 14 bytes in hex, stored normalized. */
export const newcamdDesKeySchema = text()
  .overwrite(normalizeNewcamdDesKey)
  .regex(/^[0-9A-F]{28}$/, { error: 'INVALID_DES_KEY' });

/** "0102…14" → "01 02 … 14", as receivers expect it in the `N:` line. */
export function formatNewcamdDesKey(key: string | null | undefined): string {
  const normalized = key && isNewcamdDesKey(key) ? normalizeNewcamdDesKey(key) : DEFAULT_NEWCAMD_DES_KEY;
  return normalized.match(/../g)!.join(' ');
}
