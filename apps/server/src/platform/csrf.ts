import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../modules/auth/auth.js';
import type { AppConfig } from './config.js';
import { AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie rides along with any cross-site form post, so a state-changing request that carries our
 * session cookie must prove it came from our own pages by its Origin. A request that names a foreign
 * Origin is refused even without a cookie (no sign-in CSRF). Scripts with no cookie and no Origin pass.
 */
export function registerCsrfGuard(app: FastifyInstance, config: AppConfig): void {
  const allowed = new Set([config.publicOrigin, ...config.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    const hasSessionCookie = (request.headers.cookie ?? '').includes(SESSION_COOKIE);
    if (origin !== undefined && !allowed.has(origin)) throw new AppError('CSRF_REJECTED');
    if (hasSessionCookie && origin === undefined) throw new AppError('CSRF_REJECTED');
  });
}
