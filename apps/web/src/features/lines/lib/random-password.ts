// No look-alikes (0/O, 1/l/I): customers often type the password from a screenshot or a phone call.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random line password from the browser's CSPRNG, without modulo bias. */
export function randomPassword(length = 12): string {
  const limit = 256 - (256 % ALPHABET.length);
  let result = '';
  while (result.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && result.length < length) result += ALPHABET[byte % ALPHABET.length];
    }
  }
  return result;
}
