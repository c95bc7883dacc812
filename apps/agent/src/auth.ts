import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Builds a Basic auth check. Both sides are hashed first so timingSafeEqual always compares
 * equal-length buffers and the comparison time does not reveal the expected length.
 */
export function createBasicAuthCheck(
  username: string,
  password: string,
): (header: string | undefined) => boolean {
  const expectedUser = digest(username);
  const expectedPassword = digest(password);
  return (header) => {
    const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
    if (!match?.[1]) return false;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    const userOk = timingSafeEqual(digest(decoded.slice(0, colon)), expectedUser);
    const passwordOk = timingSafeEqual(digest(decoded.slice(colon + 1)), expectedPassword);
    // Both comparisons always run so a wrong username is not faster to detect than a wrong password.
    return userOk && passwordOk;
  };
}
