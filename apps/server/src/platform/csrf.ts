import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { AppError } from './errors.js';

const PAYMENT_WEBHOOKS_PREFIX = '/api/payments/webhooks/';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the guard must recognise of the credentials the auth, API-key and portal modules issue. */
export type CsrfCredentials = {
  /** The names of the cookies that sign a browser in (the panel's session, the portal's). */
  cookies: readonly string[];
  /** Whether the Authorization header carries one of our API keys. */
  isApiKey: (authorization: string | undefined) => boolean;
};

/**
 * A cookie rides along with any cross-site form post, so a state-changing request that carries our
 * session cookie must prove it came from our own pages by its Origin. A request that names a foreign
 * Origin is refused even without a cookie (no sign-in CSRF). Scripts with no cookie and no Origin pass.
 *
 * An API key is not ambient: no browser adds it by itself, so whoever sends it chose to, from any
 * origin (a shop's site calls the panel with its key). A request with a key is therefore not held to
 * the Origin rule, and the key is then its only credential: its cookies are dropped here, before
 * anything (better-auth's sign-out, a two-factor challenge) could act on them, so a page that adds a
 * key of its own cannot carry the visitor's session past this check.
 */
export function registerCsrfGuard(
  app: FastifyInstance,
  config: AppConfig,
  credentials: CsrfCredentials,
): void {
  const allowed = new Set([config.publicOrigin, ...config.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // A payment provider's webhook is no browser's request: its signature is its only credential,
    // so it carries no session (cookies dropped) and needs no Origin.
    if (request.url.startsWith(PAYMENT_WEBHOOKS_PREFIX)) {
      delete request.headers.cookie;
      return;
    }
    if (credentials.isApiKey(request.headers.authorization)) {
      delete request.headers.cookie;
      return;
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const cookies = request.headers.cookie ?? '';
    // The portal's cookie is a credential like the panel's session: the same Origin rule holds for it.
    const hasSessionCookie = credentials.cookies.some((name) => cookies.includes(name));
    if (origin !== undefined && !allowed.has(origin)) throw new AppError('CSRF_REJECTED');
    if (hasSessionCookie && origin === undefined) throw new AppError('CSRF_REJECTED');
  });
}
