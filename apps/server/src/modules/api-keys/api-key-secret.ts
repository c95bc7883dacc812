import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'ld_';

/** A new key: `ld_` + 256 random bits (base64url). Only its hash is stored. */
export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, KEY_PREFIX.length + 6), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The shape `generateApiKey` gives: `ld_` and 32 bytes in base64url (43 characters). */
const KEY_SHAPE = /^ld_[A-Za-z0-9_-]{43}$/;

/** Whether a bearer token has the shape of one of our keys (it may still be unknown or revoked). */
export function looksLikeApiKey(token: string | null): token is string {
  return token !== null && KEY_SHAPE.test(token);
}

/** The key from `Authorization: Bearer <key>`, or null when the header is absent or another scheme. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
