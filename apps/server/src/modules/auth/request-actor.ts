import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { createCallerCache, type CallerCache } from '../../platform/caller-cache.js';
import { AppError } from '../../platform/errors.js';
import { perContext } from '../../platform/per-context.js';
import { resolveApiKeyActor, type CachedApiKey } from '../api-keys/api-key-actor.js';
import { createApiKeyRateLimiter, type ApiKeyRateLimiter } from '../api-keys/api-key-rate-limiter.js';
import { bearerToken } from '../api-keys/api-key-secret.js';
import { twoFactorSetupRequired } from '../account-security/security-settings.service.js';
import { resolveSessionActor, type CachedSession } from './session.service.js';

const CALLER_CACHE_ENTRIES = 10_000;

type Callers = {
  limiter: ApiKeyRateLimiter;
  sessions: CallerCache<CachedSession>;
  keys: CallerCache<CachedApiKey>;
};

const perRequest = new WeakMap<FastifyRequest, Promise<Actor | null>>();
const callersFor = perContext((ctx): Callers => {
  const cache = { ttlMs: ctx.config.callerCacheSeconds * 1000, maxEntries: CALLER_CACHE_ENTRIES };
  return {
    limiter: createApiKeyRateLimiter(ctx.config.apiKeyRateLimitPerMinute),
    sessions: createCallerCache(ctx.bus, cache),
    keys: createCallerCache(ctx.bus, cache),
  };
});

/**
 * What an account that must set up two-factor sign-in (by the admin's setting) may still call: see
 * itself, set it up (the setup lists its API keys, to offer to end them), sign out. Everything else
 * answers TWO_FACTOR_SETUP_REQUIRED until it has.
 */
const allowedBeforeTwoFactorSetup = new Set([
  'GET /api/me',
  'GET /api/api-keys',
  'POST /api/auth/sign-out',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/confirm',
]);

async function enforceTwoFactorSetup(
  ctx: AppContext,
  request: FastifyRequest,
  actor: Actor | null,
): Promise<Actor | null> {
  if (!actor || allowedBeforeTwoFactorSetup.has(`${request.method} ${request.routeOptions.url}`)) {
    return actor;
  }
  const account = {
    isAdmin: actor.isAdmin,
    groupId: actor.groupId,
    twoFactorEnabled: actor.account?.twoFactorEnabled,
  };
  if (await twoFactorSetupRequired(ctx, account)) throw new AppError('TWO_FACTOR_SETUP_REQUIRED');
  return actor;
}

/**
 * The caller of this request, or null when signed out; resolved once per request. A bearer API key
 * takes precedence over a session cookie.
 */
export function getActor(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Actor | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    const callers = callersFor(ctx);
    const key = bearerToken(request.headers.authorization);
    const resolved = key
      ? resolveApiKeyActor(ctx, callers.keys, callers.limiter, key, reply)
      : resolveSessionActor(ctx, callers.sessions, request.headers.cookie).then(({ actor, setCookie }) => {
          if (setCookie) void reply.header('set-cookie', setCookie);
          return actor;
        });
    // A copy per request: the resolved actor is cached and shared by other requests of the caller.
    pending = resolved
      .then((actor) => (actor ? { ...actor, ip: request.ip } : null))
      .then((actor) => enforceTwoFactorSetup(ctx, request, actor));
    perRequest.set(request, pending);
  }
  return pending;
}
