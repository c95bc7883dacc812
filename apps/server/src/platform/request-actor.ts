import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { resolveApiKeyActor } from '../modules/api-keys/api-key-actor.js';
import { createApiKeyRateLimiter, type ApiKeyRateLimiter } from '../modules/api-keys/api-key-rate-limiter.js';
import { bearerToken } from '../modules/api-keys/api-key-secret.js';
import { resolveSessionActor } from '../modules/auth/session.service.js';
import type { Actor } from './access.js';

const cache = new WeakMap<FastifyRequest, Promise<Actor | null>>();
const limiters = new WeakMap<AppContext, ApiKeyRateLimiter>();

function limiterFor(ctx: AppContext): ApiKeyRateLimiter {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = createApiKeyRateLimiter(ctx.config.apiKeyRateLimitPerMinute);
    limiters.set(ctx, limiter);
  }
  return limiter;
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
  let pending = cache.get(request);
  if (!pending) {
    const key = bearerToken(request.headers.authorization);
    pending = key
      ? resolveApiKeyActor(ctx, limiterFor(ctx), key, reply)
      : resolveSessionActor(ctx, request, reply);
    cache.set(request, pending);
  }
  return pending;
}
