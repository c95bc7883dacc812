import { createHmac, timingSafeEqual } from 'node:crypto';

type CookieAttributes = {
  path?: string;
  domain?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
};

export type SessionCookie = {
  /** The signed session token from a Cookie header, or null when absent or its signature is wrong. */
  read: (cookieHeader: string | undefined) => string | null;
  /** A Set-Cookie value carrying `token` for `maxAgeSeconds` (0 clears the cookie). */
  serialize: (token: string, maxAgeSeconds: number) => string;
};

function sign(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('base64');
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** A cookie better-auth signed (`<value>.<base64 HMAC-SHA256>`), or null when absent or forged. */
export function readSignedCookie(header: string | undefined, name: string, secret: string): string | null {
  if (!header || !header.includes(name)) return null;
  const value = cookieValue(header, name);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(token, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * better-auth's session cookie, read and written the way better-auth does (`<token>.<base64
 * HMAC-SHA256 of the token>`, URI-encoded, named and scoped by its configuration), so our own session
 * lookup and better-auth's sign-in, sign-out and password change share one cookie.
 */
export function sessionCookieFrom(authContext: {
  secret: string;
  authCookies: { sessionToken: { name: string; attributes: CookieAttributes } };
}): SessionCookie {
  const { secret } = authContext;
  const { name, attributes } = authContext.authCookies.sessionToken;
  return {
    read: (header) => readSignedCookie(header, name, secret),
    serialize: (token, maxAgeSeconds) => {
      const value = maxAgeSeconds > 0 ? encodeURIComponent(`${token}.${sign(token, secret)}`) : '';
      let cookie = `${name}=${value}; Max-Age=${maxAgeSeconds}`;
      if (attributes.domain) cookie += `; Domain=${attributes.domain}`;
      cookie += `; Path=${attributes.path ?? '/'}`;
      if (attributes.httpOnly) cookie += '; HttpOnly';
      if (attributes.secure || name.startsWith('__Secure-')) cookie += '; Secure';
      if (attributes.sameSite) {
        cookie += `; SameSite=${attributes.sameSite.charAt(0).toUpperCase()}${attributes.sameSite.slice(1)}`;
      }
      return cookie;
    },
  };
}
