import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../app-context.js';

/** The portal's own cookie: sent only to the portal API, never mixed with a panel session. */
export const PORTAL_COOKIE = 'linedesk_portal';
const PORTAL_COOKIE_PATH = '/api/portal';
/** A portal sign-in lasts 30 days; the customer signs in again after. */
export const PORTAL_SESSION_SECONDS = 30 * 24 * 60 * 60;

/**
 * `<line id>.<issued at, seconds>.<MAC>`, the MAC taken over both and the line's current password
 * with the panel secret. Nothing is stored: changing the line's password (in the portal or the panel)
 * makes every earlier portal cookie of the line invalid at once, which is what ends old sign-ins.
 */
function mac(secret: string, lineId: number, issuedAt: number, password: string): Buffer {
  return createHmac('sha256', secret).update(`portal:${lineId}.${issuedAt}.${password}`).digest();
}

export function portalCookieValue(
  secret: string,
  lineId: number,
  password: string,
  now = Date.now(),
): string {
  const issuedAt = Math.floor(now / 1000);
  return `${lineId}.${issuedAt}.${mac(secret, lineId, issuedAt, password).toString('base64url')}`;
}

/** The line id a cookie names, before its MAC is checked (which needs the line's password). */
export function parsePortalCookie(
  header: string | undefined,
): { lineId: number; issuedAt: number; mac: string } | null {
  if (!header || !header.includes(PORTAL_COOKIE)) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name !== PORTAL_COOKIE || !value) continue;
    const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return null;
    return { lineId: Number(match[1]), issuedAt: Number(match[2]), mac: match[3]! };
  }
  return null;
}

export function portalCookieValid(
  secret: string,
  cookie: { lineId: number; issuedAt: number; mac: string },
  password: string,
  now = Date.now(),
): boolean {
  const age = now / 1000 - cookie.issuedAt;
  if (age < -60 || age > PORTAL_SESSION_SECONDS) return false;
  const given = Buffer.from(cookie.mac, 'base64url');
  const expected = mac(secret, cookie.lineId, cookie.issuedAt, password);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a sign-out remembers of a cookie (portal_sign_outs): a hash of its MAC, and when it runs out. */
export function portalCookieEnding(cookie: { issuedAt: number; mac: string }): {
  cookieHash: string;
  expiresAt: Date;
} {
  return {
    cookieHash: createHash('sha256').update(cookie.mac).digest('hex'),
    expiresAt: new Date((cookie.issuedAt + PORTAL_SESSION_SECONDS) * 1000),
  };
}

/** The Set-Cookie value; an empty value with Max-Age 0 clears it. */
export function portalSetCookie(ctx: AppContext, value: string): string {
  const maxAge = value ? PORTAL_SESSION_SECONDS : 0;
  let cookie = `${PORTAL_COOKIE}=${value}; Max-Age=${maxAge}; Path=${PORTAL_COOKIE_PATH}; HttpOnly; SameSite=Lax`;
  if (ctx.config.secureCookies) cookie += '; Secure';
  return cookie;
}

export function panelSecret(ctx: AppContext): Promise<string> {
  return ctx.auth.secret();
}
